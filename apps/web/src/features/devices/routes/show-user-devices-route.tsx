import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { UserDeviceRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Column } from '@/components/data-table';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { errorText } from '@/lib/api-client';
import { useMeasurements } from '../api/get-measurements';
import { useUserDevicesAdmin } from '../api/get-user-devices';
import { useRemoveUserDevice } from '../api/remove-user-device';
import { UserDeviceEditDialog } from '../components/user-device-edit-dialog';

/**
 * /vainu/show-user-devices: which users follow which devices and measurements; the pencil
 * changes a link's measurements and state, the bin unlinks the device after a confirmation.
 */
export function ShowUserDevicesRoute() {
  const { t } = useTranslation();
  const links = useUserDevicesAdmin();
  const measurements = useMeasurements();
  const remove = useRemoveUserDevice();
  // The row's one dialog is the edit form, or the removal's confirmation when the bin opened it.
  const [removing, setRemoving] = useState(false);
  const nameOf = (id: string) =>
    measurements.data?.find((m) => m.measurementId === id)?.measurementName ?? '';
  const shown = (link: UserDeviceRecord) =>
    link.deviceMeasurements
      .flatMap((choice) => Object.entries(choice))
      .filter(([, on]) => on)
      .map(([id]) => nameOf(id))
      .join(', ');
  const names = (link: UserDeviceRecord) => ({
    user: link.fullName,
    device: link.Device.deviceName,
  });
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
      editLabel={(l) => t('devices.userDevices.editLabel', names(l))}
      actions={(l, openDialog) => (
        <Tooltip title={t('devices.userDevices.removeLabel', names(l))}>
          <IconButton
            size="small"
            aria-label={t('devices.userDevices.removeLabel', names(l))}
            onClick={() => {
              remove.reset();
              setRemoving(true);
              openDialog();
            }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      dialog={(l, { close, done }) => {
        const closeDialog = () => {
          setRemoving(false);
          close();
        };
        return removing ? (
          <ConfirmDialog
            open
            title={t('devices.userDevices.removeTitle')}
            text={t('devices.userDevices.removeText', names(l))}
            confirmLabel={t('devices.userDevices.remove')}
            pending={remove.isPending}
            error={errorText(remove.error)}
            onConfirm={() =>
              remove.mutate(l.id, {
                onSuccess: ({ message }) => {
                  setRemoving(false);
                  done(message);
                },
              })
            }
            onClose={closeDialog}
          />
        ) : (
          <UserDeviceEditDialog link={l} onClose={closeDialog} onSaved={done} />
        );
      }}
    />
  );
}
