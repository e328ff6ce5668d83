import { type UserDeviceRecord, updateUserDeviceBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EditDialog } from '@/components/edit-dialog';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useAdminDevices } from '../api/get-admin-devices';
import { useDeviceTypes } from '../api/get-device-types';
import { useUpdateUserDevice } from '../api/update-user-device';
import { UserDeviceChoiceFields } from './user-device-choice-fields';

/** The form holds the shown measurement ids; the call gets one {id: shown} per measurement. */
const formSchema = updateUserDeviceBody.omit({ id: true, deviceMeasurements: true }).extend({
  measurementIds: z.array(z.string()).min(1, { error: 'validation.required' }),
});

interface Props {
  link: UserDeviceRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** The pencil's dialog of the user-device list: which measurements the user sees, the state. */
export function UserDeviceEditDialog({ link, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const devices = useAdminDevices();
  const deviceTypes = useDeviceTypes();
  const device = devices.data?.find((d) => d.deviceId === link.deviceId);
  const type = deviceTypes.data?.find((d) => d.deviceTypeId === device?.deviceTypeId);
  const choices = link.deviceMeasurements.flatMap((choice) => Object.entries(choice));
  // The type's measurements; until they load (or for a retired type) the link's own.
  const typeIds = type?.Measurements.map((m) => m.measurementId) ?? choices.map(([id]) => id);
  const { form, feedback, submit, pending } = useMutationForm({
    schema: formSchema,
    defaultValues: {
      measurementIds: choices.filter(([, shown]) => shown).map(([id]) => id),
      measurementsState: link.measurementsState,
    },
    mutation: useUpdateUserDevice(),
    toVariables: ({ measurementIds, ...values }) => ({
      id: link.id,
      ...values,
      deviceMeasurements: typeIds.map((id) => ({ [id]: measurementIds.includes(id) })),
    }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('devices.userDevices.editTitle', {
        user: link.fullName,
        device: link.Device.deviceName,
      })}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <UserDeviceChoiceFields control={form.control} measurements={type?.Measurements ?? []} />
    </EditDialog>
  );
}
