import {
  type CreateTargetBody,
  createTargetBody,
  STATES,
  type TargetRecord,
  TEXT_COUNTER_MAX,
  targetFieldLabels,
} from '@vahti/domain';
import { useEffect, useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationUsers } from '@/api/get-organization-users';
import { useOrganizations } from '@/api/get-organizations';
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
type TargetField = keyof TargetFormValues;

const shape = createTargetBody.shape;
/** Every field of the form, in the schema's order. */
const TARGET_FIELDS = Object.keys(shape) as TargetField[];

/** Browser autofill of the text fields that have one; the others are 'off'. */
const AUTO_COMPLETE: Partial<Record<TargetField, string>> = {
  targetAddress: 'street-address',
  targetZipCode: 'postal-code',
  targetPostalDistrict: 'address-level2',
};

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

/** A saved target as the edit form starts from it (a cleared text as ''). */
export function targetFormValues(target: TargetRecord, choosesOrganization: boolean) {
  return {
    ...Object.fromEntries(TARGET_FIELDS.map((name) => [name, target[name] ?? ''])),
    targetOrganizationId: choosesOrganization ? target.targetOrganizationId : undefined,
  } as TargetFormValues;
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

  const label = (name: TargetField) => t(targetFieldLabels[name]);
  const field = (name: TargetField) => {
    switch (name) {
      case 'targetOrganizationId':
        return choosesOrganization ? (
          <SelectField
            key={name}
            control={form.control}
            name={name}
            label={label(name)}
            options={organizationOptions}
            required
          />
        ) : (
          <FormTextField
            key={name}
            label={label(name)}
            value={user?.Organization.organizationName ?? ''}
            readOnly
          />
        );
      case 'targetContactUser':
        return (
          <MultiSelectField
            key={name}
            control={form.control}
            name={name}
            label={label(name)}
            options={userOptions}
            loading={users.isFetching}
            helperText={t('targets.contactUsersHint')}
            required
          />
        );
      case 'targetState':
        return (
          <SelectField
            key={name}
            control={form.control}
            name={name}
            label={label(name)}
            options={stateOptions}
            required
          />
        );
    }
    // The rest are texts: a text that may be cleared is a long one with a counter.
    return shape[name].type === 'nullable' ? (
      <TextAreaField
        key={name}
        form={form}
        name={name}
        label={label(name)}
        maxLength={TEXT_COUNTER_MAX}
      />
    ) : (
      <FormTextField
        key={name}
        {...fieldProps(form, name)}
        label={label(name)}
        autoComplete={AUTO_COMPLETE[name] ?? 'off'}
        {...(name === 'targetZipCode' && { inputProps: { inputMode: 'numeric' } })}
        required
      />
    );
  };

  return (
    <>
      <AlertMessage message={loadError} />
      {TARGET_FIELDS.map(field)}
    </>
  );
}
