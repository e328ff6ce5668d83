import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DeviceRecord, EDIT_DIALOG_MAX_WIDTH } from '@vahti/domain';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { formatDateTime } from '@/lib/dates';
import { BatteryCell, SignalCell } from './device-health';

/** One figure: its name, its value, and when it was reported. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0, sm: 2 }}
      component="div"
      sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600, minWidth: { sm: 220 } }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** The device's health: the newest uplink's radio figures and the battery, each with its time. */
export function DeviceHealthFigures({ device }: { device: DeviceRecord }) {
  const { t } = useTranslation();
  const h = device.health;
  const none = t('devices.health.none');
  const show = (value: number | string | null | undefined, unit = '') =>
    value === null || value === undefined ? none : `${value}${unit}`;
  const at = (value: string | null | undefined) => (value ? formatDateTime(value) : none);
  return h ? (
    <Stack spacing={3}>
      <Stack component="section" aria-label={t('devices.health.radioHeading')} spacing={1}>
        <Typography component="h3" variant="h6">
          {t('devices.health.radioHeading')}
        </Typography>
        <Stack component="dl" sx={{ m: 0 }}>
          <Figure label={t('devices.health.uplinkAt')}>{at(h.uplinkAt)}</Figure>
          <Figure label={t('devices.health.signal')}>
            <SignalCell health={h} />
          </Figure>
          <Figure label="RSSI">{show(h.rssi, ' dBm')}</Figure>
          <Figure label="SNR">{show(h.snr, ' dB')}</Figure>
          <Figure label={t('devices.health.gateways')}>{show(h.gateways)}</Figure>
          <Figure label={t('devices.health.gatewayId')}>{show(h.gatewayId)}</Figure>
          <Figure label={t('devices.health.spreadingFactor')}>
            {h.spreadingFactor === null ? none : `SF${h.spreadingFactor}`}
          </Figure>
          <Figure label={t('devices.health.frequency')}>
            {h.frequency === null ? none : `${(h.frequency / 1e6).toFixed(1)} MHz`}
          </Figure>
          <Figure label="FPort">{show(h.fPort)}</Figure>
          <Figure label={t('devices.health.fCnt')}>{show(h.fCnt)}</Figure>
        </Stack>
      </Stack>
      <Stack component="section" aria-label={t('devices.health.batteryHeading')} spacing={1}>
        <Typography component="h3" variant="h6">
          {t('devices.health.batteryHeading')}
        </Typography>
        <Stack component="dl" sx={{ m: 0 }}>
          <Figure label={t('devices.health.battery')}>
            <BatteryCell health={h} />
          </Figure>
          <Figure label={t('devices.health.batteryAt')}>{at(h.batteryAt)}</Figure>
          <Figure label={t('devices.health.margin')}>{show(h.margin, ' dB')}</Figure>
          <Figure label={t('devices.health.power')}>
            {h.externalPower === null
              ? none
              : h.externalPower
                ? t('devices.health.externalPower')
                : t('devices.health.battery')}
          </Figure>
          <Figure label={t('devices.health.statusAt')}>{at(h.statusAt)}</Figure>
        </Stack>
      </Stack>
    </Stack>
  ) : (
    <Typography color="text.secondary">{t('devices.health.never')}</Typography>
  );
}

/** The device list's health dialog (DeviceHealthFigures). */
export function DeviceHealthDialog({
  device,
  onClose,
}: {
  device: DeviceRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: { sm: EDIT_DIALOG_MAX_WIDTH } } } }}
    >
      <DialogTitle id={titleId}>
        {t('devices.health.title', { name: device.deviceName })}
      </DialogTitle>
      {/* Focusable: on a phone the figures scroll, and the keyboard must reach them too. */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby={titleId}>
        <DeviceHealthFigures device={device} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('devices.history.close')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
