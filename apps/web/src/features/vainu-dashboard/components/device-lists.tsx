import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VainuDashboardDevice } from '@vahti/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type Column, DataTable } from '@/components/data-table';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/session';

interface DeviceListsProps {
  devices: readonly VainuDashboardDevice[];
  offlineAfterMinutes: number;
}

/**
 * Where a device's link leads: its register entry for those who manage devices, its measurements
 * for everyone else (a Käyttäjä may not open the register).
 */
function useDeviceHref() {
  const manages = useCan({ do: 'manageDevices' });
  return (device: VainuDashboardDevice) =>
    manages
      ? `/vainu/show-devices/${device.deviceId}`
      : `/vainu/sensor-data?${new URLSearchParams({ tid: device.targetId, did: device.deviceId })}`;
}

/**
 * The devices gone silent ('Ei yhteyttä') and every device by when it was last heard of
 * ('Viimeksi nähty'), each with a link to the device.
 */
export function DeviceLists({ devices, offlineAfterMinutes }: DeviceListsProps) {
  const { t } = useTranslation();
  const href = useDeviceHref();
  const offline = useMemo(() => devices.filter((device) => device.offline), [devices]);

  const name: Column<VainuDashboardDevice> = {
    key: 'device',
    label: t('vainuDashboard.device'),
    value: (device) => device.deviceName,
    render: (device) => (
      <Link component={RouterLink} to={href(device)}>
        {device.deviceName}
      </Link>
    ),
  };
  const target: Column<VainuDashboardDevice> = {
    key: 'target',
    label: t('vainuDashboard.target'),
    value: (device) => device.targetName,
  };
  const location: Column<VainuDashboardDevice> = {
    key: 'location',
    label: t('vainuDashboard.location'),
    value: (device) => device.deviceLocation,
    hideBelow: 'md',
  };
  const lastSeen: Column<VainuDashboardDevice> = {
    key: 'lastSeen',
    label: t('vainuDashboard.lastSeen'),
    // ISO 8601 sorts as time; never-seen devices stay last.
    value: (device) => device.lastSeenAt,
    render: (device) =>
      device.lastSeenAt ? formatDateTime(device.lastSeenAt) : t('vainuDashboard.never'),
    nowrap: true,
  };
  const status: Column<VainuDashboardDevice> = {
    key: 'status',
    label: t('vainuDashboard.status'),
    value: (device) =>
      statusesOf(device)
        .map((key) => t(`vainuDashboard.${key}`))
        .join(', '),
    render: (device) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {statusesOf(device).map((key) => (
          <Chip key={key} size="small" label={t(`vainuDashboard.${key}`)} {...STATUS_LOOK[key]} />
        ))}
      </Stack>
    ),
  };

  const hours = offlineAfterMinutes % 60 === 0;
  return (
    <>
      <Stack spacing={1}>
        <Typography component="h2" variant="h5">
          {t('vainuDashboard.offlineTitle')} ({offline.length})
        </Typography>
        <Typography color="text.secondary">
          {hours
            ? t('vainuDashboard.offlineIntroHours', { count: offlineAfterMinutes / 60 })
            : t('vainuDashboard.offlineIntroMinutes', { count: offlineAfterMinutes })}
        </Typography>
        <DataTable
          label={t('vainuDashboard.offlineTitle')}
          rows={offline}
          columns={[name, target, location, lastSeen]}
          rowKey={(device) => device.deviceId}
          initialSort={{ key: 'lastSeen', direction: 'desc' }}
          emptyContent={t('vainuDashboard.noneOffline')}
        />
      </Stack>
      <Stack spacing={1}>
        <Typography component="h2" variant="h5">
          {t('vainuDashboard.lastSeenTitle')}
        </Typography>
        <Typography color="text.secondary">{t('vainuDashboard.lastSeenIntro')}</Typography>
        <DataTable
          label={t('vainuDashboard.lastSeenTitle')}
          rows={devices}
          columns={[name, target, location, lastSeen, status]}
          rowKey={(device) => device.deviceId}
          initialSort={{ key: 'lastSeen', direction: 'desc' }}
        />
      </Stack>
    </>
  );
}

type Status = 'statusAlarm' | 'statusOffline' | 'statusPassive' | 'statusOk';

/** Red and green as in the doughnuts (white text on them passes AA); the others neutral. */
const STATUS_LOOK: Record<Status, Pick<ChipProps, 'color' | 'variant'>> = {
  statusAlarm: { color: 'error' },
  statusOk: { color: 'success' },
  statusOffline: { variant: 'outlined' },
  statusPassive: { variant: 'outlined' },
};

/** What a device's status column says: in alarm, offline, out of use — or ok when none. */
function statusesOf(device: VainuDashboardDevice): Status[] {
  const statuses: Status[] = [];
  if (device.inAlarm) statuses.push('statusAlarm');
  if (device.offline) statuses.push('statusOffline');
  if (device.deviceState === 'Passiivinen') statuses.push('statusPassive');
  return statuses.length > 0 ? statuses : ['statusOk'];
}
