import {
  type CreateOrganizationBody,
  createOrganizationBody,
  type OrganizationRecord,
  STATES,
  TEXT_COUNTER_MAX,
} from '@vahti/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApplications } from '@/api/get-applications';
import { AlertMessage } from '@/components/alert-message';
import { CheckboxGroupField } from '@/components/checkbox-group-field';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { NumberField } from '@/components/number-field';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { errorText } from '@/lib/api-client';
import { emptyValues } from '@/lib/form-defaults';

/** The organization form's values: the fields of POST /api/organization. */
export type OrganizationFormValues = CreateOrganizationBody;

export const emptyOrganization: OrganizationFormValues = emptyValues(createOrganizationBody, {
  organizationState: 'Aktiivinen',
});

/** A saved organization as the edit form starts from it. */
export function organizationFormValues(organization: OrganizationRecord): OrganizationFormValues {
  return {
    organizationBusinessId: organization.organizationBusinessId,
    organizationContractNumber: organization.organizationContractNumber,
    organizationName: organization.organizationName,
    organizationAddress: organization.organizationAddress,
    organizationZipCode: organization.organizationZipCode,
    organizationPostalDistrict: organization.organizationPostalDistrict,
    organizationArea: organization.organizationArea,
    organizationState: organization.organizationState,
    organizationApplications: organization.OrganizationApplications.map((a) => a.applicationId),
    organizationInformation: organization.organizationInformation ?? '',
    organizationDescription: organization.organizationDescription ?? '',
    organizationRetentionMonths: organization.organizationRetentionMonths,
  };
}

/**
 * The fields of the organization form (spec 000 §5), shared by the add screen and the edit dialog.
 * The applications come from GET /api/applications.
 */
export function OrganizationFormFields({ form }: { form: UseFormReturn<OrganizationFormValues> }) {
  const { t } = useTranslation();
  const applications = useApplications();
  const stateOptions = STATES.map((state) => ({ value: state, label: t(`recordStates.${state}`) }));
  const applicationOptions = (applications.data ?? []).map((application) => ({
    value: application.applicationId,
    label: application.applicationName,
  }));
  const applicationsError = errorText(applications.error);

  return (
    <>
      <FormTextField
        {...fieldProps(form, 'organizationBusinessId')}
        label={t('organizations.businessId')}
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'organizationContractNumber')}
        label={t('organizations.contractNumber')}
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'organizationName')}
        label={t('organizations.name')}
        autoComplete="organization"
        required
      />
      <FormTextField
        {...fieldProps(form, 'organizationAddress')}
        label={t('organizations.address')}
        autoComplete="street-address"
        required
      />
      <FormTextField
        {...fieldProps(form, 'organizationZipCode')}
        label={t('organizations.zipCode')}
        autoComplete="postal-code"
        inputProps={{ inputMode: 'numeric' }}
        required
      />
      <FormTextField
        {...fieldProps(form, 'organizationPostalDistrict')}
        label={t('organizations.postalDistrict')}
        autoComplete="address-level2"
        required
      />
      <FormTextField
        {...fieldProps(form, 'organizationArea')}
        label={t('organizations.area')}
        autoComplete="off"
        required
      />
      <SelectField
        control={form.control}
        name="organizationState"
        label={t('organizations.state')}
        options={stateOptions}
        required
      />
      <AlertMessage message={applicationsError} />
      <CheckboxGroupField
        control={form.control}
        name="organizationApplications"
        label={t('organizations.applications')}
        options={applicationOptions}
        required
      />
      <NumberField
        form={form}
        name="organizationRetentionMonths"
        label={t('organizations.retentionMonths')}
        hint={t('organizations.retentionHint')}
        nullable
      />
      <TextAreaField
        form={form}
        name="organizationInformation"
        label={t('organizations.information')}
        maxLength={TEXT_COUNTER_MAX}
      />
      <TextAreaField
        form={form}
        name="organizationDescription"
        label={t('organizations.description')}
        maxLength={TEXT_COUNTER_MAX}
      />
    </>
  );
}
