import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTargetNames } from '@/api/get-target-names';
import { AlertMessage } from '@/components/alert-message';
import { measurementLabel } from '@/lib/measurement-label';
import { useMeasurementsByTarget } from '../api/get-measurements-by-target';
import { useTargetDevices } from '../api/get-target-devices';
import {
  QUICK_RANGES,
  quickRange,
  quickRangeOf,
  rangeError,
  type SensorDataFilters,
} from '../filters';
import { failureText } from '../format';
import { DayField } from './day-field';

interface SensorDataFiltersProps {
  filters: SensorDataFilters;
  onChange: (change: Partial<SensorDataFilters>) => void;
}

/** Controls side by side as far as they fit; on a phone each takes the full width. */
const row = { display: 'flex', flexWrap: 'wrap', gap: 2 } as const;

const multiple = (value: string | string[]) =>
  typeof value === 'string' ? value.split(',').filter(Boolean) : value;

/**
 * Targets (multi), measurement, devices (multi; none chosen = all), the date range and its quick
 * ranges. The options come from the API; the values live in the URL (the caller's `filters`).
 */
export function SensorDataFiltersBar({ filters, onChange }: SensorDataFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const targets = useTargetNames();
  const measurements = useMeasurementsByTarget(filters.tid);
  const devices = useTargetDevices(filters.tid);
  const measurementOptions = measurements.data ?? [];
  // A measurement of other targets (or not yet loaded) shows as none rather than as a raw id.
  const measurementValue = measurementOptions.some((m) => m.measurementID === filters.mid)
    ? filters.mid
    : '';
  const deviceValue = filters.did.filter((deviceId) =>
    devices.devices.some((device) => device.deviceId === deviceId),
  );
  const chosenRange = quickRangeOf(filters);
  const failure = targets.error ?? measurements.error ?? devices.error;
  const dayError = rangeError(filters);

  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {t('sensorData.filters')}
      </Typography>
      <AlertMessage message={failureText(failure)} />
      <Box sx={row}>
        <FormControl sx={{ width: { xs: '100%', sm: 280 } }}>
          <InputLabel id={`${id}-targets`} shrink>
            {t('sensorData.targets')}
          </InputLabel>
          <Select
            labelId={`${id}-targets`}
            label={t('sensorData.targets')}
            notched
            multiple
            displayEmpty
            value={filters.tid.filter((tid) => targets.data?.some((target) => target.id === tid))}
            onChange={(event) => onChange({ tid: multiple(event.target.value), did: [] })}
            renderValue={(selected) =>
              selected.length === 0
                ? t('sensorData.chooseTargets')
                : (targets.data ?? [])
                    .filter((target) => selected.includes(target.id))
                    .map((target) => target.targetName)
                    .join(', ')
            }
          >
            {(targets.data ?? []).map((target) => (
              <MenuItem key={target.id} value={target.id}>
                <Checkbox checked={filters.tid.includes(target.id)} />
                <ListItemText primary={target.targetName} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ width: { xs: '100%', sm: 240 } }} disabled={filters.tid.length === 0}>
          <InputLabel id={`${id}-measurement`} shrink>
            {t('sensorData.measurement')}
          </InputLabel>
          <Select
            labelId={`${id}-measurement`}
            label={t('sensorData.measurement')}
            notched
            displayEmpty
            value={measurementValue}
            onChange={(event) => onChange({ mid: event.target.value })}
            renderValue={(selected) => {
              const chosen = measurementOptions.find((m) => m.measurementID === selected);
              return chosen ? measurementLabel(chosen) : t('sensorData.chooseMeasurement');
            }}
          >
            {measurementOptions.map((measurement) => (
              <MenuItem key={measurement.measurementID} value={measurement.measurementID}>
                {measurementLabel(measurement)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ width: { xs: '100%', sm: 280 } }} disabled={filters.tid.length === 0}>
          <InputLabel id={`${id}-devices`} shrink>
            {t('sensorData.devices')}
          </InputLabel>
          <Select
            labelId={`${id}-devices`}
            label={t('sensorData.devices')}
            notched
            multiple
            displayEmpty
            value={deviceValue}
            onChange={(event) => onChange({ did: multiple(event.target.value) })}
            renderValue={(selected) =>
              selected.length === 0
                ? t('sensorData.allDevices')
                : devices.devices
                    .filter((device) => selected.includes(device.deviceId))
                    .map((device) => device.deviceName)
                    .join(', ')
            }
          >
            {devices.devices.map((device) => (
              <MenuItem key={device.deviceId} value={device.deviceId}>
                <Checkbox checked={filters.did.includes(device.deviceId)} />
                <ListItemText
                  primary={device.deviceName}
                  secondary={filters.tid.length > 1 ? device.targetName : undefined}
                />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
      <Box sx={{ ...row, alignItems: 'flex-start' }}>
        <DayField
          label={t('sensorData.startDate')}
          value={filters.sd}
          onChange={(sd) => onChange({ sd })}
        />
        <DayField
          label={t('sensorData.endDate')}
          value={filters.ed}
          onChange={(ed) => onChange({ ed })}
          error={dayError && t(dayError)}
        />
        <Box role="group" aria-label={t('sensorData.quickRanges')} sx={{ ...row, gap: 1, pt: 1 }}>
          {QUICK_RANGES.map((range) => (
            <Button
              key={range}
              variant={chosenRange === range ? 'contained' : 'outlined'}
              aria-pressed={chosenRange === range}
              onClick={() => onChange(quickRange(range))}
            >
              {t(`sensorData.ranges.${range}`)}
            </Button>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
