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

interface DeviceListsProps {
  devices: readonly VainuDashboardDevice[];
}

/** A device's page (every Vainu user may open those of the devices they see). */
export const deviceHref = (device: Pick<VainuDashboardDevice, 'deviceId'>) =>
  `/vainu/show-devices/${device.deviceId}`;

/**
 * The devices gone silent ('Ei yhteyttä', the same devices the offline alarm sweep alarms) and
 * every device by when it was last heard of ('Viimeksi nähty'), each with a link to its page.
 */
export function DeviceLists({ devices }: DeviceListsProps) {
  const { t } = useTranslation();
  const offline = useMemo(
    () => devices.filter((device) => device.connection === 'silent'),
    [devices],
  );

  const name: Column<VainuDashboardDevice> = {
    key: 'device',
    label: t('vainuDashboard.device'),
    value: (device) => device.deviceName,
    render: (device) => (
      <Link component={RouterLink} to={deviceHref(device)}>
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

  return (
    <>
      <Stack spacing={1}>
        <Typography component="h2" variant="h5">
          {t('vainuDashboard.offlineTitle')} ({offline.length})
        </Typography>
        <Typography color="text.secondary">{t('vainuDashboard.offlineIntro')}</Typography>
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

type Status = 'statusAlarm' | 'statusOffline' | 'statusNever' | 'statusPassive' | 'statusOk';

/** Red and green as in the doughnuts (white text on them passes AA); the others neutral. */
export const STATUS_LOOK: Record<Status, Pick<ChipProps, 'color' | 'variant'>> = {
  statusAlarm: { color: 'error' },
  statusOk: { color: 'success' },
  statusOffline: { variant: 'outlined' },
  statusNever: { variant: 'outlined' },
  statusPassive: { variant: 'outlined' },
};

/** What a device's status says: in alarm, its connection — or ok when nothing else. */
export function statusesOf(device: VainuDashboardDevice): Status[] {
  const statuses: Status[] = [];
  if (device.inAlarm) statuses.push('statusAlarm');
  if (device.connection === 'silent') statuses.push('statusOffline');
  if (device.connection === 'neverReported') statuses.push('statusNever');
  if (device.connection === 'passive') statuses.push('statusPassive');
  return statuses.length > 0 ? statuses : ['statusOk'];
}
