import {
  CODE_PERMISSIONS,
  type CreateRegistrationCodeResponse,
  createRegistrationCodeBody,
  formatPermissions,
  id,
  msg,
  PERMISSIONS,
  REGISTRATION_CODE_DAYS_DEFAULT,
  REGISTRATION_CODE_DAYS_MAX,
  requiredField,
  sectionOfPermission,
} from '@vahti/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useOrganizationTargets } from '@/api/get-organization-targets';
import { useOrganizations } from '@/api/get-organizations';
import { AlertMessage } from '@/components/alert-message';
import { CheckboxGroupField } from '@/components/checkbox-group-field';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { MultiSelectField } from '@/components/multi-select-field';
import { SelectField } from '@/components/select-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateRegistrationCode } from '../api/create-registration-code';

const body = createRegistrationCodeBody.shape;

/**
 * The generator's form, derived from POST /api/registration-codes: the applications are a list of
 * checkboxes (joined into the comma string on sending) and the validity a text field (left empty,
 * the default 30 days). Only the top administrator chooses the organization ('Pakollinen kenttä');
 * for anyone else it stays '' and is left out.
 */
function codeFormSchema(choosesOrganization: boolean) {
  return z.object({
    organizationId: choosesOrganization ? requiredField().pipe(id()) : z.string(),
    targetIds: body.targetIds,
    permissions: z.array(z.number(), { error: msg('required') }).min(1, { error: msg('required') }),
    expiresInDays: z
      .string()
      .trim()
      .refine((days) => days === '' || body.expiresInDays.safeParse(Number(days)).success, {
        error: msg('invalidValue'),
      }),
  });
}

interface CodeGeneratorFormProps {
  /** Whether the caller picks the organization (the top administrator) or has their own. */
  choosesOrganization: boolean;
  /** The organization whose targets are offered: the chosen one, or undefined before a choice. */
  onOrganizationChange: (organizationId: string | undefined) => void;
  onCreated: (created: CreateRegistrationCodeResponse) => void;
}

/**
 * Creates a registration code (spec 000 §2, §6): the top administrator first chooses an
 * organization and its targets load after the choice; anyone else gets the own organization's
 * targets at once.
 */
export function CodeGeneratorForm({
  choosesOrganization,
  onOrganizationChange,
  onCreated,
}: CodeGeneratorFormProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const schema = useMemo(() => codeFormSchema(choosesOrganization), [choosesOrganization]);
  const { form, feedback, submit, pending } = useMutationForm({
    schema,
    defaultValues: {
      organizationId: '',
      targetIds: [],
      // Tieto, as the server's default.
      permissions: [PERMISSIONS.tieto],
      expiresInDays: String(REGISTRATION_CODE_DAYS_DEFAULT),
    },
    mutation: useCreateRegistrationCode(),
    toVariables: ({ organizationId: chosenId, targetIds, permissions, expiresInDays }) => ({
      organizationId: choosesOrganization ? chosenId : undefined,
      targetIds,
      userPermissions: formatPermissions(permissions),
      expiresInDays: expiresInDays === '' ? undefined : Number(expiresInDays),
    }),
    afterSuccess: 'keep',
    onSuccess: onCreated,
  });
  const organizations = useOrganizations({ enabled: choosesOrganization });
  const chosen = useWatch({ control: form.control, name: 'organizationId' });
  const organizationId = choosesOrganization ? chosen || undefined : user?.userOrganization;
  const targets = useOrganizationTargets(organizationId);

  // Another organization's targets replace the list: earlier choices no longer belong to it.
  const shownOrganization = useRef(organizationId);
  useEffect(() => {
    if (shownOrganization.current !== organizationId) {
      shownOrganization.current = organizationId;
      form.setValue('targetIds', []);
    }
    onOrganizationChange(choosesOrganization ? organizationId : undefined);
  }, [organizationId, choosesOrganization, form, onOrganizationChange]);

  const organizationOptions = (organizations.data ?? []).map((organization) => ({
    value: organization.organizationId,
    label: organization.organizationName,
  }));
  const targetOptions = (targets.data ?? []).map((target) => ({
    value: target.targetId,
    label: target.targetName,
  }));
  const permissionOptions = CODE_PERMISSIONS.map((permission) => ({
    value: permission,
    label: t(`sections.${sectionOfPermission(permission)}.name`),
  }));
  const loadError = errorText(organizations.error) ?? errorText(targets.error);

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <AlertMessage message={loadError} />
      {choosesOrganization ? (
        <SelectField
          control={form.control}
          name="organizationId"
          label={t('registrationCodes.organization')}
          options={organizationOptions}
          required
        />
      ) : (
        <FormTextField
          label={t('registrationCodes.organization')}
          value={user?.Organization.organizationName ?? ''}
          readOnly
        />
      )}
      <MultiSelectField
        control={form.control}
        name="targetIds"
        label={t('registrationCodes.targets')}
        options={targetOptions}
        loading={targets.isFetching}
        disabled={!organizationId}
        helperText={organizationId ? undefined : t('registrationCodes.chooseOrganizationFirst')}
        required
      />
      <CheckboxGroupField
        control={form.control}
        name="permissions"
        label={t('registrationCodes.applications')}
        options={permissionOptions}
        required
      />
      <FormTextField
        {...fieldProps(form, 'expiresInDays')}
        label={t('registrationCodes.validity')}
        type="number"
        inputProps={{ min: 1, max: REGISTRATION_CODE_DAYS_MAX, inputMode: 'numeric' }}
        hint={t('registrationCodes.validityHint', { max: REGISTRATION_CODE_DAYS_MAX })}
      />
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('registrationCodes.create')}
      </SubmitButton>
    </FeedbackForm>
  );
}
