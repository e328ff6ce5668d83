import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VainuDashboardDevice } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LatestValues } from '@/components/latest-values';
import { deviceHref, STATUS_LOOK, statusesOf } from './device-lists';

/**
 * "Nykyiset arvot": one card per device (a column on a phone) with its latest value of each
 * measurement, how it stands in words, an icon and a colour, and a link to the device's page.
 */
export function CurrentValues({ devices }: { devices: readonly VainuDashboardDevice[] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} component="section" aria-labelledby="vainu-current-values">
      <Typography id="vainu-current-values" component="h2" variant="h5">
        {t('vainuDashboard.currentTitle')}
      </Typography>
      <Typography color="text.secondary">{t('vainuDashboard.currentIntro')}</Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {devices.map((device) => (
          <Paper
            key={device.deviceId}
            variant="outlined"
            component="article"
            aria-labelledby={`current-${device.deviceId}`}
            data-testid="current-values-card"
            sx={{ p: 1.5 }}
          >
            <Typography id={`current-${device.deviceId}`} component="h3" variant="h6">
              <Link component={RouterLink} to={deviceHref(device)}>
                {device.deviceName}
              </Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[device.targetName, device.deviceLocation].filter(Boolean).join(' · ')}
            </Typography>
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
              {statusesOf(device).map((key) => (
                <Chip
                  key={key}
                  size="small"
                  label={t(`vainuDashboard.${key}`)}
                  {...STATUS_LOOK[key]}
                />
              ))}
            </Stack>
            {device.latest.some((value) => value.value !== null) ? (
              <LatestValues
                values={device.latest}
                label={t('vainuDashboard.currentLabel', { name: device.deviceName })}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('vainuDashboard.noValues')}
              </Typography>
            )}
          </Paper>
        ))}
      </Box>
    </Stack>
  );
}
