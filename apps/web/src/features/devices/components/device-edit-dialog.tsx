import { createDeviceBody, type DeviceRecord, requiredField } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useUpdateDevice } from '../api/update-device';
import { DeviceFormFields, deviceForm, deviceFormValues } from './device-form-fields';

/** The edit form: the device's fields and the action note, which goes into the history. */
const editSchema = deviceForm(
  createDeviceBody.omit({ alarmLimits: true }).extend({ deviceText: requiredField(500) }),
);

interface Props {
  device: DeviceRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** The pencil's dialog of the device list (spec 001 §5: id, QR code, name, type, action). */
export function DeviceEditDialog({ device, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: editSchema,
    defaultValues: deviceFormValues(device),
    mutation: useUpdateDevice(),
    toVariables: (values) => ({ ...values, deviceId: device.deviceId }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('devices.devices.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <DeviceFormFields form={form} mode="edit" organizationId={device.deviceOrganizationId} />
    </EditDialog>
  );
}
