import BatteryAlertIcon from '@mui/icons-material/BatteryAlert';
import BatteryStdIcon from '@mui/icons-material/BatteryStd';
import PowerIcon from '@mui/icons-material/Power';
import SignalCellularAltIcon from '@mui/icons-material/SignalCellularAlt';
import SignalCellularAlt1BarIcon from '@mui/icons-material/SignalCellularAlt1Bar';
import SignalCellularAlt2BarIcon from '@mui/icons-material/SignalCellularAlt2Bar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DeviceHealthRecord, LOW_BATTERY_PERCENT } from '@vahti/domain';
import { useTranslation } from 'react-i18next';

export type SignalQuality = 'good' | 'fair' | 'weak';

/**
 * How well the gateways hear the device, from its newest uplink's best RSSI and SNR: weak below
 * −115 dBm or −7 dB (near what SF12 still demodulates), good from −100 dBm and 0 dB, fair between.
 */
export function signalQuality(health: DeviceHealthRecord | null): SignalQuality | null {
  if (!health || health.rssi === null) return null;
  const snr = health.snr ?? 0;
  if (health.rssi < -115 || snr < -7) return 'weak';
  if (health.rssi >= -100 && snr >= 0) return 'good';
  return 'fair';
}

const SIGNAL_ICON = {
  good: SignalCellularAltIcon,
  fair: SignalCellularAlt2BarIcon,
  weak: SignalCellularAlt1BarIcon,
} as const;

/** Bars and words (never colour alone): "Hyvä, −87 dBm / 7.25 dB". */
export function SignalCell({ health }: { health: DeviceHealthRecord | null }) {
  const { t } = useTranslation();
  const quality = signalQuality(health);
  if (!health || quality === null) return <span>{t('devices.health.none')}</span>;
  const Icon = SIGNAL_ICON[quality];
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Icon
        fontSize="small"
        aria-hidden
        color={quality === 'weak' ? 'error' : quality === 'fair' ? 'warning' : 'success'}
      />
      <Typography variant="body2" component="span">
        {t(`devices.health.quality.${quality}`)}, {health.rssi} dBm
        {health.snr === null ? '' : ` / ${health.snr} dB`}
      </Typography>
    </Stack>
  );
}

/** "64 %", "15 % · Alhainen", "Verkkovirta" or "Ei tietoa". */
export function BatteryCell({ health }: { health: DeviceHealthRecord | null }) {
  const { t } = useTranslation();
  if (health?.battery == null) {
    return health?.externalPower ? (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <PowerIcon fontSize="small" aria-hidden />
        <span>{t('devices.health.externalPower')}</span>
      </Stack>
    ) : (
      <span>{t('devices.health.none')}</span>
    );
  }
  const low = health.battery < LOW_BATTERY_PERCENT;
  const Icon = low ? BatteryAlertIcon : BatteryStdIcon;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Icon fontSize="small" aria-hidden color={low ? 'error' : 'inherit'} />
      <Typography variant="body2" component="span">
        {Math.round(health.battery)} %{low ? ` · ${t('devices.health.low')}` : ''}
      </Typography>
    </Stack>
  );
}
