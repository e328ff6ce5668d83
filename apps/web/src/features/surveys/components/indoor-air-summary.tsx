import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { addDays, helsinkiToday, measurementDecimals, SENSOR_DATA_MAX_YEARS } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { LoadingFallback } from '@/components/loading-fallback';
import { TableScroll } from '@/components/table-scroll';
import { errorText } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { formatMeasurementValue } from '@/lib/numbers';
import { useIndoorAir } from '../api/get-indoor-air';

interface IndoorAirSummaryProps {
  targetId: string;
  targetName: string;
  /** When the survey opened (ISO 8601): the period runs from that day. */
  since: string;
  /** The survey's closing day (YYYY-MM-DD): the period ends then, or today if earlier. */
  until?: string | undefined;
}

/**
 * Beside one target's survey results: its indoor air (temperature, CO2) over the survey's period,
 * per device, so answers such as "the air is stuffy" can be read against the sensors. Shown only
 * to users with Vainu; the readings come from Vainu's own reads.
 */
export function IndoorAirSummary({ targetId, targetName, since, until }: IndoorAirSummaryProps) {
  const { t } = useTranslation();
  const today = helsinkiToday();
  const ed = until && until < today ? until : today;
  const earliest = addDays(ed, -(SENSOR_DATA_MAX_YEARS * 365 - 1));
  const started = helsinkiToday(new Date(since));
  const sd = started < earliest ? earliest : started > ed ? ed : started;
  const indoorAir = useIndoorAir(targetId, sd, ed, true);
  const measurements = indoorAir.data ?? [];
  const title = t('surveys.indoorAir.title', { target: targetName });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={title}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        <Typography>
          {t('surveys.indoorAir.period', { from: formatDay(sd), to: formatDay(ed) })}
        </Typography>
        <AlertMessage message={errorText(indoorAir.error)} />
        {indoorAir.isLoading && <LoadingFallback />}
        {indoorAir.isSuccess && measurements.length === 0 && (
          <Typography>{t('surveys.indoorAir.none')}</Typography>
        )}
        {measurements.length > 0 && (
          <TableScroll label={t('surveys.indoorAir.table')}>
            <Table size="small" aria-label={t('surveys.indoorAir.table')}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t('surveys.indoorAir.measurement')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {t('surveys.indoorAir.device')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('surveys.indoorAir.avg')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('surveys.indoorAir.min')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('surveys.indoorAir.max')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {t('surveys.indoorAir.readings')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {measurements.flatMap((measurement) => {
                  // Averages to the readings' precision, as on Vainu's sensor-data screen.
                  const decimals = measurementDecimals(
                    measurement.rows.flatMap((row) => [row.min_value, row.max_value]),
                  );
                  return measurement.rows.map((row) => {
                    const unit = row.measurementUnit ? ` ${row.measurementUnit}` : '';
                    const value = (number: number | null) =>
                      number === null
                        ? '–'
                        : `${formatMeasurementValue(number, undefined, decimals)}${unit}`;
                    const search = new URLSearchParams({
                      tid: targetId,
                      mid: measurement.measurementId,
                      did: row.deviceId,
                      sd,
                      ed,
                    });
                    return (
                      <TableRow key={`${measurement.measurementId}-${row.deviceId}`}>
                        <TableCell component="th" scope="row">
                          {measurement.measurementName}
                        </TableCell>
                        <TableCell>
                          {row.deviceName}
                          {row.deviceLocation ? ` (${row.deviceLocation})` : ''}
                        </TableCell>
                        <TableCell align="right">{value(row.avg_value)}</TableCell>
                        <TableCell align="right">{value(row.min_value)}</TableCell>
                        <TableCell align="right">{value(row.max_value)}</TableCell>
                        <TableCell>
                          <Link
                            component={RouterLink}
                            to={`/vainu/sensor-data?${search}`}
                            aria-label={t('surveys.indoorAir.openOf', {
                              measurement: measurement.measurementName,
                              device: row.deviceName,
                            })}
                          >
                            {t('surveys.indoorAir.open')}
                          </Link>
                        </TableCell>
                      </TableRow>
                    );
                  });
                })}
              </TableBody>
            </Table>
          </TableScroll>
        )}
      </Stack>
    </Paper>
  );
}
