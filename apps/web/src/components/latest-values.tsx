import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { LatestValue } from '@vahti/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { formatMeasurementValue } from '@/lib/numbers';

interface Look {
  label: string;
  color: ChipProps['color'];
  icon: ReactElement;
}

/**
 * How a value stands, in words, an icon and a colour (never colour alone): beyond a limit first
 * (what an alarm is about), else its indoor climate class where the measurement has one, else
 * within its limits; null without a value or anything to judge it by.
 */
function useLook(value: LatestValue): Look | null {
  const { t } = useTranslation();
  if (value.value === null) return null;
  if (value.limitState === 'over') {
    return { label: t('valueState.over'), color: 'error', icon: <ArrowUpwardIcon /> };
  }
  if (value.limitState === 'under') {
    return { label: t('valueState.under'), color: 'error', icon: <ArrowDownwardIcon /> };
  }
  if (value.indoorClass === 'outside') {
    return { label: t('valueState.outside'), color: 'error', icon: <ErrorOutlineIcon /> };
  }
  if (value.indoorClass) {
    return {
      label: t('valueState.class', { name: value.indoorClass }),
      // S3 meets the regulation only: neutral rather than green.
      color: value.indoorClass === 'S3' ? 'default' : 'success',
      icon: <CheckCircleOutlineIcon />,
    };
  }
  if (value.limitState === 'within') {
    return { label: t('valueState.within'), color: 'success', icon: <CheckCircleOutlineIcon /> };
  }
  return null;
}

function ValueRow({ value, detailed }: { value: LatestValue; detailed: boolean }) {
  const { t } = useTranslation();
  const look = useLook(value);
  const unit = value.measurementUnit ? ` ${value.measurementUnit}` : '';
  const limit = (n: number | null) => (n === null ? '–' : formatMeasurementValue(n));
  return (
    <Box
      data-testid="latest-value"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1,
        rowGap: 0.5,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="dt" variant="body2" sx={{ flex: '1 1 8rem', fontWeight: 600 }}>
        {value.measurementName}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {value.value === null
            ? t('valueState.noValue')
            : `${formatMeasurementValue(value.value)}${unit}`}
        </Typography>
        {look && <Chip size="small" color={look.color} icon={look.icon} label={look.label} />}
        {detailed && (value.lowLimit !== null || value.highLimit !== null) && (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('valueState.limits', { low: limit(value.lowLimit), high: limit(value.highLimit) })}
            {unit}
          </Typography>
        )}
        {detailed && value.measuredAt && (
          <Typography component="span" variant="body2" color="text.secondary">
            {formatDateTime(value.measuredAt)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * A device's latest value of each measurement with how it stands (the Vainu dashboard's cards,
 * the device page); `detailed` adds the limits and the measurement time.
 */
export function LatestValues({
  values,
  detailed = false,
  label,
}: {
  values: readonly LatestValue[];
  detailed?: boolean;
  label: string;
}) {
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0 }}>
      {values.map((value) => (
        <ValueRow key={value.measurementId} value={value} detailed={detailed} />
      ))}
    </Box>
  );
}
