import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { TableScroll } from '@/components/table-scroll';
import { errorText } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { formatMeasurementValue } from '@/lib/numbers';
import { useCan } from '@/lib/session';
import { useDeviceFollowUps } from '../api/get-device-follow-ups';

/**
 * Beside the small charts (issue 29): how residents answered "Miltä sisäilma tuntuu nyt?" after
 * an alarm of this device, per day of the charts' period: the average (1–5) and how many
 * answered. Only for those who may see survey results; nothing when no one answered.
 */
export function FollowUpAnswers({ deviceId, days }: { deviceId: string; days: number }) {
  const { t } = useTranslation();
  const seesResults = useCan({ do: 'manageSurveys' });
  const followUps = useDeviceFollowUps(deviceId, days, seesResults);
  if (!seesResults) return null;
  if (followUps.error) return <AlertMessage message={errorText(followUps.error)} />;
  if (!followUps.data?.length) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid="follow-up-answers">
      <Typography component="h3" variant="h6">
        {t('devices.page.followUpsHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('devices.page.followUpsIntro')}
      </Typography>
      {followUps.data.map((followUp) => (
        <Stack key={followUp.queryId} spacing={0.5}>
          <Typography variant="subtitle2">{followUp.queryTitle}</Typography>
          <TableScroll label={t('devices.page.followUpsLabel', { title: followUp.queryTitle })}>
            {/* Narrow cells: the three columns fit a 360 px phone without scrolling. */}
            <Table size="small" sx={{ '& th, & td': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('devices.page.followUpsDay')}</TableCell>
                  <TableCell align="right">{t('devices.page.followUpsAverage')}</TableCell>
                  <TableCell align="right">{t('devices.page.followUpsCount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {followUp.days.map((row) => (
                  <TableRow key={row.day}>
                    <TableCell>{formatDay(row.day)}</TableCell>
                    <TableCell align="right">
                      {formatMeasurementValue(row.average, undefined, 2)}
                    </TableCell>
                    <TableCell align="right">{row.count}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        </Stack>
      ))}
    </Stack>
  );
}
