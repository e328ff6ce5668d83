import {
  type CreateTargetBody,
  createTargetBody,
  STATES,
  type TargetRecord,
  TEXT_COUNTER_MAX,
} from '@vahti/domain';
import { useEffect, useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizations } from '@/api/organizations';
import { useOrganizationUsers } from '@/api/users';
import { AlertMessage } from '@/components/alert-message';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { MultiSelectField } from '@/components/multi-select-field';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { errorText } from '@/lib/api-client';
import { emptyValues } from '@/lib/form-defaults';
import { useCan, useSession } from '@/lib/session';

/** The target form's values: the fields of POST /api/target. */
export type TargetFormValues = CreateTargetBody;

/**
 * An empty target form. Only the top administrator names the organization (their own to start
 * with); for anyone else it is left out and the server uses their own.
 */
export function emptyTarget(organizationId: string | undefined): TargetFormValues {
  return emptyValues(createTargetBody, {
    targetOrganizationId: organizationId,
    targetState: 'Aktiivinen',
  });
}

/** A saved target as the edit form starts from it. */
export function targetFormValues(target: TargetRecord, choosesOrganization: boolean) {
  return {
    targetName: target.targetName,
    targetAddress: target.targetAddress,
    targetZipCode: target.targetZipCode,
    targetPostalDistrict: target.targetPostalDistrict,
    targetOrganizationId: choosesOrganization ? target.targetOrganizationId : undefined,
    targetType: target.targetType,
    targetPropertyId: target.targetPropertyId,
    targetJobNumber: target.targetJobNumber,
    targetContactUser: target.targetContactUser,
    targetState: target.targetState,
    targetInformation: target.targetInformation ?? '',
    targetDescription: target.targetDescription ?? '',
  } satisfies TargetFormValues;
}

/**
 * The fields of the target form (spec 000 §5), shared by the add screen and the edit dialog. The
 * contact users are the users of the target's organization: when the top administrator picks
 * another organization, they reload and the earlier choices are cleared.
 */
export function TargetFormFields({ form }: { form: UseFormReturn<TargetFormValues> }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const organizations = useOrganizations({ enabled: choosesOrganization });
  const chosenOrganization = useWatch({ control: form.control, name: 'targetOrganizationId' });
  const organizationId = chosenOrganization || user?.userOrganization;
  const users = useOrganizationUsers(organizationId);

  const shownOrganization = useRef(organizationId);
  useEffect(() => {
    if (shownOrganization.current === organizationId) return;
    shownOrganization.current = organizationId;
    form.setValue('targetContactUser', [], { shouldDirty: true });
  }, [organizationId, form]);

  const stateOptions = STATES.map((state) => ({ value: state, label: t(`recordStates.${state}`) }));
  // Until the list arrives, the own organization stands in so the chosen value has a label.
  const organizationOptions = organizations.data?.map((organization) => ({
    value: organization.organizationId,
    label: organization.organizationName,
  })) ?? [
    { value: user?.userOrganization ?? '', label: user?.Organization.organizationName ?? '' },
  ];
  const userOptions = (users.data ?? []).map((contact) => ({
    value: contact.uuid,
    label: `${contact.userFirstName} ${contact.userLastName} (${contact.userEmail})`,
  }));
  const loadError = errorText(organizations.error) ?? errorText(users.error);

  return (
    <>
      <AlertMessage message={loadError} />
      <FormTextField
        {...fieldProps(form, 'targetName')}
        label={t('targets.name')}
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'targetAddress')}
        label={t('targets.address')}
        autoComplete="street-address"
        required
      />
      <FormTextField
        {...fieldProps(form, 'targetZipCode')}
        label={t('targets.zipCode')}
        autoComplete="postal-code"
        inputProps={{ inputMode: 'numeric' }}
        required
      />
      <FormTextField
        {...fieldProps(form, 'targetPostalDistrict')}
        label={t('targets.postalDistrict')}
        autoComplete="address-level2"
        required
      />
      {choosesOrganization ? (
        <SelectField
          control={form.control}
          name="targetOrganizationId"
          label={t('targets.organization')}
          options={organizationOptions}
          required
        />
      ) : (
        <FormTextField
          label={t('targets.organization')}
          value={user?.Organization.organizationName ?? ''}
          readOnly
        />
      )}
      <FormTextField
        {...fieldProps(form, 'targetType')}
        label={t('targets.type')}
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'targetPropertyId')}
        label={t('targets.propertyId')}
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'targetJobNumber')}
        label={t('targets.jobNumber')}
        autoComplete="off"
        required
      />
      <MultiSelectField
        control={form.control}
        name="targetContactUser"
        label={t('targets.contactUsers')}
        options={userOptions}
        loading={users.isFetching}
        helperText={t('targets.contactUsersHint')}
        required
      />
      <SelectField
        control={form.control}
        name="targetState"
        label={t('targets.state')}
        options={stateOptions}
        required
      />
      <TextAreaField
        form={form}
        name="targetInformation"
        label={t('targets.information')}
        maxLength={TEXT_COUNTER_MAX}
      />
      <TextAreaField
        form={form}
        name="targetDescription"
        label={t('targets.description')}
        maxLength={TEXT_COUNTER_MAX}
      />
    </>
  );
}
