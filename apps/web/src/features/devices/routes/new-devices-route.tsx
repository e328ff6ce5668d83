import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { createDeviceBody, type NewDeviceRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Column } from '@/components/data-table';
import { EditDialog } from '@/components/edit-dialog';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useAcceptNewDevice, useDismissNewDevice, useNewDevices } from '../api/new-devices';
import { DeviceFormFields, deviceForm, emptyDevice } from '../components/device-form-fields';

type DialogKind = 'accept' | 'dismiss';

const acceptSchema = deviceForm(createDeviceBody);

/**
 * /vainu/new-devices ("Uudet laitteet", Ylläpitäjä and up): DevEUIs whose uplinks came with the
 * organization's ingest key but that no device has, with their network profile and last payload.
 * A row is added as a device (the add-device form, DevEUI prefilled) or dismissed.
 */
export function NewDevicesRoute() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DialogKind>('accept');
  const newDevices = useNewDevices();
  const showOrganization = useCan({ do: 'crossOrganizations' });
  const none = t('devices.newDevices.none');

  const columns: Column<NewDeviceRecord>[] = [
    {
      key: 'eui',
      label: t('devices.newDevices.eui'),
      value: (d) => d.deviceEui,
      nowrap: true,
    },
    {
      key: 'profile',
      label: t('devices.newDevices.profile'),
      value: (d) => d.deviceProfileName ?? none,
    },
    {
      key: 'networkName',
      label: t('devices.newDevices.networkName'),
      value: (d) => d.networkDeviceName ?? none,
      hideBelow: 'lg',
    },
    ...(showOrganization
      ? [
          {
            key: 'organization',
            label: t('devices.newDevices.organization'),
            value: (d: NewDeviceRecord) => d.organizationName,
            hideBelow: 'lg' as const,
          },
        ]
      : []),
    {
      key: 'lastSeen',
      label: t('devices.newDevices.lastSeen'),
      value: (d) => d.lastSeen,
      render: (d) => formatDateTime(d.lastSeen),
      nowrap: true,
    },
    {
      key: 'firstSeen',
      label: t('devices.newDevices.firstSeen'),
      value: (d) => d.firstSeen,
      render: (d) => formatDateTime(d.firstSeen),
      nowrap: true,
      hideBelow: 'xl',
    },
    { key: 'uplinks', label: t('devices.newDevices.uplinks'), value: (d) => d.uplinks },
    {
      key: 'lastPayload',
      label: t('devices.newDevices.lastPayload'),
      value: (d) =>
        d.lastDecoded
          ? JSON.stringify(d.lastDecoded)
          : d.lastPayloadHex
            ? `${d.lastPayloadHex}${d.lastFPort === null ? '' : ` (FPort ${d.lastFPort})`}`
            : none,
      hideBelow: 'md',
    },
  ];

  return (
    <Stack spacing={3}>
      <PageHeader title={t('devices.newDevices.title')} intro={t('devices.newDevices.intro')} />
      <ResourceList
        label={t('devices.newDevices.tableLabel')}
        query={newDevices}
        columns={columns}
        rowKey={(d) => `${d.organizationId} ${d.deviceEui}`}
        initialSort={{ key: 'lastSeen', direction: 'desc' }}
        actions={(device, openDialog) => (
          <>
            <Button
              size="small"
              aria-label={t('devices.newDevices.acceptLabel', { eui: device.deviceEui })}
              onClick={() => {
                setKind('accept');
                openDialog();
              }}
            >
              {t('devices.newDevices.accept')}
            </Button>
            <Button
              size="small"
              color="error"
              aria-label={t('devices.newDevices.dismissLabel', { eui: device.deviceEui })}
              onClick={() => {
                setKind('dismiss');
                openDialog();
              }}
            >
              {t('devices.newDevices.dismiss')}
            </Button>
          </>
        )}
        dialog={(device, { close, done }) =>
          kind === 'dismiss' ? (
            <DismissDialog device={device} onClose={close} onDone={done} />
          ) : (
            <AcceptDialog device={device} onClose={close} onDone={done} />
          )
        }
      />
    </Stack>
  );
}

interface RowDialogProps {
  device: NewDeviceRecord;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The add-device form for an unknown DevEUI: its DevEUI and network name prefilled. */
function AcceptDialog({ device, onClose, onDone }: RowDialogProps) {
  const { t } = useTranslation();
  const crosses = useCan({ do: 'crossOrganizations' });
  const { form, feedback, submit, pending } = useMutationForm({
    schema: acceptSchema,
    defaultValues: {
      ...emptyDevice('', crosses ? device.organizationId : undefined),
      deviceEui: device.deviceEui,
      deviceName: device.networkDeviceName ?? '',
    },
    mutation: useAcceptNewDevice(),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ replayed, stored }) =>
      onDone(t('devices.newDevices.accepted', { replayed, stored })),
  });
  return (
    <EditDialog
      open
      title={t('devices.newDevices.acceptTitle', { eui: device.deviceEui })}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
      submitLabel={t('devices.newDevices.acceptSubmit')}
    >
      <DeviceFormFields form={form} mode="add" />
    </EditDialog>
  );
}

/** "Ohita" asks first: the DevEUI leaves the inbox for good. */
function DismissDialog({ device, onClose, onDone }: RowDialogProps) {
  const { t } = useTranslation();
  const dismiss = useDismissNewDevice();
  const crosses = useCan({ do: 'crossOrganizations' });
  return (
    <ConfirmDialog
      open
      title={t('devices.newDevices.dismissTitle')}
      text={t('devices.newDevices.dismissText', { eui: device.deviceEui })}
      confirmLabel={t('devices.newDevices.dismiss')}
      pending={dismiss.isPending}
      error={errorText(dismiss.error)}
      onClose={onClose}
      onConfirm={() =>
        dismiss.mutate(
          {
            deviceEui: device.deviceEui,
            ...(crosses && { organizationId: device.organizationId }),
          },
          { onSuccess: ({ message }) => onDone(message) },
        )
      }
    />
  );
}
