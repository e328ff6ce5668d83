import type { UserDeviceRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/data-table';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { useMeasurements } from '../api/get-measurements';
import { useUserDevicesAdmin } from '../api/get-user-devices';

/** /vainu/show-user-devices: which users follow which devices and measurements. */
export function ShowUserDevicesRoute() {
  const { t } = useTranslation();
  const links = useUserDevicesAdmin();
  const measurements = useMeasurements();
  const nameOf = (id: string) =>
    measurements.data?.find((m) => m.measurementId === id)?.measurementName ?? '';
  const shown = (link: UserDeviceRecord) =>
    link.deviceMeasurements
      .flatMap((choice) => Object.entries(choice))
      .filter(([, on]) => on)
      .map(([id]) => nameOf(id))
      .join(', ');
  const columns: Column<UserDeviceRecord>[] = [
    { key: 'user', label: t('devices.userDevices.user'), value: (l) => l.fullName },
    { key: 'device', label: t('devices.userDevices.device'), value: (l) => l.Device.deviceName },
    { key: 'target', label: t('devices.devices.target'), value: (l) => l.Target.targetName },
    { key: 'measurements', label: t('devices.userDevices.measurements'), value: shown },
    {
      key: 'state',
      label: t('devices.devices.state'),
      value: (l) => t(`devices.devices.states.${l.measurementsState}`),
      nowrap: true,
    },
  ];
  return (
    <ResourceListScreen
      title={t('devices.userDevices.listTitle')}
      query={links}
      columns={columns}
      rowKey={(l) => l.id}
      initialSort={{ key: 'user', direction: 'asc' }}
    />
  );
}
