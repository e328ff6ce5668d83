import { createUserDeviceBody } from '@vahti/domain';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useOrganizationTargets } from '@/api/get-organization-targets';
import { useOrganizationUsers } from '@/api/get-organization-users';
import { useOrganizations } from '@/api/get-organizations';
import { useTargets } from '@/api/get-targets';
import { AlertMessage } from '@/components/alert-message';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SelectField } from '@/components/select-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/api-client';
import { useCan, useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateUserDevice } from '../api/create-user-device';
import { useAdminDevices } from '../api/get-admin-devices';
import { useDeviceTypes } from '../api/get-device-types';
import { UserDeviceChoiceFields } from '../components/user-device-choice-fields';

/** The form holds the chosen measurement ids; the call gets one {id: shown} per measurement. */
const formSchema = createUserDeviceBody.omit({ deviceMeasurements: true }).extend({
  measurementIds: z.array(z.string()).min(1, { error: 'validation.required' }),
  deviceTypeMeasurementIds: z.array(z.string()),
});
type FormValues = z.input<typeof formSchema>;

/** /vainu/add-user-device (spec 001 §2 screen 3): a device and its measurements for a user. */
export function AddUserDeviceRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const empty: FormValues = {
    organizationId: choosesOrganization ? user?.userOrganization : undefined,
    deviceUserId: '',
    targetId: '',
    deviceId: '',
    measurementIds: [],
    deviceTypeMeasurementIds: [],
    measurementsState: 'Aktiivinen',
  };
  const { form, feedback, submit, pending } = useMutationForm({
    schema: formSchema,
    defaultValues: empty,
    mutation: useCreateUserDevice(),
    toVariables: ({ measurementIds, deviceTypeMeasurementIds, ...values }) => ({
      ...values,
      deviceMeasurements: deviceTypeMeasurementIds.map((id) => ({
        [id]: measurementIds.includes(id),
      })),
    }),
    afterSuccess: { reset: (_, values) => ({ ...empty, organizationId: values.organizationId }) },
  });

  const chosenOrganization = useWatch({ control: form.control, name: 'organizationId' });
  const organizationId = chosenOrganization || user?.userOrganization;
  const targetId = useWatch({ control: form.control, name: 'targetId' });
  const deviceId = useWatch({ control: form.control, name: 'deviceId' });
  const organizations = useOrganizations({ enabled: choosesOrganization });
  const users = useOrganizationUsers(organizationId);
  const ownTargets = useTargets();
  const organizationTargets = useOrganizationTargets(choosesOrganization ? organizationId : null);
  const targets = choosesOrganization ? organizationTargets : ownTargets;
  const devices = useAdminDevices();
  const deviceTypes = useDeviceTypes();

  const device = devices.data?.find((d) => d.deviceId === deviceId);
  const type = deviceTypes.data?.find((d) => d.deviceTypeId === device?.deviceTypeId);

  // A new device: its type's measurements, all chosen to start with.
  const shownDevice = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!type || shownDevice.current === deviceId) return;
    shownDevice.current = deviceId;
    const ids = type.Measurements.map((m) => m.measurementId);
    form.setValue('deviceTypeMeasurementIds', ids);
    form.setValue('measurementIds', ids);
  }, [type, deviceId, form]);

  const organizationOptions = organizations.data?.map((o) => ({
    value: o.organizationId,
    label: o.organizationName,
  })) ?? [
    { value: user?.userOrganization ?? '', label: user?.Organization.organizationName ?? '' },
  ];
  const userOptions = (users.data ?? []).map((u) => ({
    value: u.uuid,
    label: `${u.userFirstName} ${u.userLastName} (${u.userEmail})`,
  }));
  const targetOptions = (targets.data ?? [])
    .filter((target) => target.targetOrganizationId === organizationId)
    .map((target) => ({ value: target.targetId, label: target.targetName }));
  const deviceOptions = (devices.data ?? [])
    .filter((d) => d.deviceTargetId === targetId)
    .map((d) => ({ value: d.deviceId, label: `${d.deviceName} (${d.deviceQrCode})` }));
  const loadError = errorText(users.error) ?? errorText(targets.error) ?? errorText(devices.error);

  return (
    <FormScreen title={t('devices.userDevices.addTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <AlertMessage message={loadError} />
        {choosesOrganization ? (
          <SelectField
            control={form.control}
            name="organizationId"
            label={t('devices.devices.organization')}
            options={organizationOptions}
            required
          />
        ) : null}
        <SelectField
          control={form.control}
          name="deviceUserId"
          label={t('devices.userDevices.user')}
          options={userOptions}
          required
        />
        <SelectField
          control={form.control}
          name="targetId"
          label={t('devices.devices.target')}
          options={targetOptions}
          required
        />
        <SelectField
          control={form.control}
          name="deviceId"
          label={t('devices.userDevices.device')}
          options={deviceOptions}
          required
        />
        <UserDeviceChoiceFields control={form.control} measurements={type?.Measurements ?? []} />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('devices.userDevices.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
