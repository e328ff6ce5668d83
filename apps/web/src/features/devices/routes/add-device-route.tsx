import { createDeviceBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useCan, useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateDevice } from '../api/create-device';
import { DeviceFormFields, deviceForm, emptyDevice } from '../components/device-form-fields';

const addSchema = deviceForm(createDeviceBody);

/**
 * /vainu/add-device, add-device/{id}, add-device?id= or ?qrCode=: a new device with its alarm
 * limits; the QR code comes prefilled from the scanned code.
 */
export function AddDeviceRoute() {
  const params = useParams();
  const [search] = useSearchParams();
  const qrCode = params.id ?? search.get('id') ?? search.get('qrCode') ?? '';
  // A new code is a new device: the form starts afresh rather than keep the last code (issue 27:
  // add-device/UX-PATH-999 then ?qrCode=CCC-333 kept UX-PATH-999).
  return <AddDeviceForm key={qrCode} qrCode={qrCode} />;
}

function AddDeviceForm({ qrCode }: { qrCode: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const empty = emptyDevice(qrCode, choosesOrganization ? user?.userOrganization : undefined);
  const { form, feedback, submit, pending } = useMutationForm({
    schema: addSchema,
    defaultValues: empty,
    mutation: useCreateDevice(),
    // The next device likely goes on the same target with the same type: keep those.
    afterSuccess: {
      reset: (_, values) => ({
        ...empty,
        deviceQrCode: '',
        deviceOrganizationId: values.deviceOrganizationId,
        deviceTargetId: values.deviceTargetId,
        deviceTypeId: values.deviceTypeId,
        alarmLimits: values.alarmLimits,
      }),
    },
  });
  return (
    <FormScreen title={t('devices.devices.addTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <DeviceFormFields form={form} mode="add" />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('devices.devices.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
