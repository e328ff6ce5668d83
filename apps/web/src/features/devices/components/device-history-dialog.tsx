import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DeviceHistoryEntry, type DeviceRecord, EDIT_DIALOG_MAX_WIDTH } from '@vahti/domain';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useDeviceHistory } from '../api/get-device-history';

/** A device field's label key: the history names fields as the form does (issue 27). */
const FIELD_LABELS: Record<string, string> = {
  deviceQrCode: 'devices.devices.qrCode',
  deviceName: 'devices.devices.name',
  deviceTypeId: 'devices.devices.type',
  deviceEui: 'devices.devices.eui',
  deviceSerialNumber: 'devices.devices.serialNumber',
  deviceComissioiningDay: 'devices.devices.commissioningDay',
  deviceLocation: 'devices.devices.location',
  deviceSwVersion: 'devices.devices.swVersion',
  deviceProductCode: 'devices.devices.productCode',
  deviceState: 'devices.devices.state',
  deviceDescription: 'devices.devices.description',
  deviceTargetId: 'devices.devices.target',
  deviceOrganizationId: 'devices.devices.organization',
};

/** What changed, as one line: "field: value, …" (limits: "CO2: 0–900"). */
function describeChanges(changes: Record<string, unknown>, t: TFunction): string {
  const label = (key: string) => {
    if (key === 'deviceGeoInfo') {
      return `${t('devices.devices.latitude')}, ${t('devices.devices.longitude')}`;
    }
    const known = FIELD_LABELS[key];
    return known ? t(known) : key;
  };
  return Object.entries(changes)
    .filter(([key]) => key !== 'before' && key !== 'level')
    .map(([key, value]) => {
      if (value && typeof value === 'object' && 'lowLimit' in value && 'highLimit' in value) {
        const limit = value as { lowLimit: unknown; highLimit: unknown };
        return `${key}: ${limit.lowLimit}–${limit.highLimit}`;
      }
      return `${label(key)}: ${value === null ? '—' : String(value)}`;
    })
    .join(', ');
}

function HistoryList({ heading, entries }: { heading: string; entries: DeviceHistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} component="section" aria-label={heading}>
      <Typography component="h3" variant="h6">
        {heading}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('devices.history.empty')}</Typography>
      ) : (
        <List dense disablePadding>
          {entries.map((entry) => (
            <ListItem key={entry.id} divider disableGutters sx={{ display: 'block' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatDateTime(entry.createdAt)} · {entry.fullName || '—'}
              </Typography>
              <Typography variant="body2">
                {t('devices.history.note')}: {entry.deviceText}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('devices.history.target')}: {entry.targetName}
                {Object.keys(entry.changes).length > 0
                  ? ` · ${describeChanges(entry.changes, t)}`
                  : ''}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** A device's history: its edits and its limit changes, newest first (dialog and page). */
export function DeviceHistory({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const edits = useDeviceHistory(deviceId, 'device');
  const limits = useDeviceHistory(deviceId, 'limits');
  const loadError = errorText(edits.error) ?? errorText(limits.error);
  return (
    <Stack spacing={3}>
      <AlertMessage message={loadError} />
      {edits.data ? (
        <HistoryList heading={t('devices.history.deviceHeading')} entries={edits.data} />
      ) : null}
      {limits.data ? (
        <HistoryList heading={t('devices.history.limitsHeading')} entries={limits.data} />
      ) : null}
    </Stack>
  );
}

/** The history dialog of the device list: edits and limit changes, newest first. */
export function DeviceHistoryDialog({
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
        {t('devices.history.title', { name: device.deviceName })}
      </DialogTitle>
      <DialogContent dividers>
        <DeviceHistory deviceId={device.deviceId} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('devices.history.close')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
