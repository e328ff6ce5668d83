import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import {
  ALL_PERMISSIONS,
  can,
  formatPermissions,
  msg,
  type OrganizationSso,
  organizationSsoBody,
  parsePermissions,
  ROLES,
  type Role,
  sectionOfPermission,
  ssoDomain,
} from '@vahti/domain';
import { useState } from 'react';
import { Controller, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useOrganizationTargets } from '@/api/get-organization-targets';
import { AlertMessage } from '@/components/alert-message';
import { CheckboxGroupField } from '@/components/checkbox-group-field';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { MultiSelectField } from '@/components/multi-select-field';
import { SelectField } from '@/components/select-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/api-client';
import { toActor, useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { testOrganizationSso, useSaveOrganizationSso } from '../api/organization-sso';

/** The domains as typed: separated by commas, spaces or line breaks. */
const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);

/** The request schema, with the domains as one text and the permissions as a list. */
const ssoForm = organizationSsoBody
  .omit({ emailDomains: true, userPermissions: true, userRoles: true })
  .extend({
    emailDomains: z
      .string()
      .refine((text) => domainsOf(text).length > 0, { error: msg('sso.domainsRequired') })
      .refine((text) => domainsOf(text).every((d) => ssoDomain().safeParse(d).success), {
        error: msg('sso.domainInvalid'),
      }),
    userRoles: z.enum(ROLES, { error: msg('required') }),
    userPermissions: z.array(z.number().int()).min(1, { error: msg('required') }),
  });
type SsoFormValues = Omit<z.input<typeof ssoForm>, 'userRoles'> & { userRoles: Role | '' };

const valuesOf = (organizationId: string, saved: OrganizationSso | null): SsoFormValues => ({
  organizationId,
  issuerUrl: saved?.issuerUrl ?? '',
  clientId: saved?.clientId ?? '',
  clientSecret: '',
  emailDomains: saved?.emailDomains.join(', ') ?? '',
  userRoles: saved?.userRoles ?? 'Käyttäjä',
  userPermissions: saved ? parsePermissions(saved.userPermissions) : [],
  targetIds: saved?.targetIds ?? [],
  passwordSignIn: saved?.passwordSignIn ?? true,
  enabled: saved?.enabled ?? true,
});

/**
 * Hallinta → Organisaatio → Kertakirjautuminen: the organization's OpenID provider, the e-mail
 * domains it signs in, what new users get (no more than the signed-in administrator has) and
 * whether passwords still work. The client secret is write-only: left empty, the stored one stays.
 */
export function OrganizationSsoForm({
  organizationId,
  saved,
  redirectUri,
}: {
  organizationId: string;
  saved: OrganizationSso | null;
  redirectUri: string;
}) {
  const { t } = useTranslation();
  const actor = toActor(useSession());
  const save = useSaveOrganizationSso();
  const targets = useOrganizationTargets(organizationId);
  const { form, feedback, submit, pending } = useMutationForm({
    schema: z.custom<SsoFormValues>().pipe(ssoForm),
    defaultValues: valuesOf(organizationId, saved),
    mutation: save,
    toVariables: (values) => ({
      ...values,
      clientSecret: values.clientSecret || undefined,
      emailDomains: domainsOf(values.emailDomains),
      userPermissions: formatPermissions(values.userPermissions),
    }),
    afterSuccess: 'keep',
    successMessage: 'persist',
  });
  const issuerUrl = useWatch({ control: form.control, name: 'issuerUrl' });
  const [test, setTest] = useState<{ ok: string | null; error: string | null }>({
    ok: null,
    error: null,
  });
  const [testing, setTesting] = useState(false);

  const handleTest = async () => {
    setTesting(true);
    setTest({ ok: null, error: null });
    try {
      const { message, issuer } = await testOrganizationSso({ organizationId, issuerUrl });
      setTest({ ok: `${message}: ${issuer}`, error: null });
    } catch (error) {
      setTest({ ok: null, error: errorText(error) });
    } finally {
      setTesting(false);
    }
  };

  const roleOptions = ROLES.filter((role) => actor && can(actor, { do: 'assignRole', role })).map(
    (role) => ({ value: role, label: role }),
  );
  const permissionOptions = ALL_PERMISSIONS.filter(
    (permission) =>
      actor &&
      (can(actor, { do: 'crossOrganizations' }) || actor.userPermissions.includes(permission)),
  ).map((permission) => ({
    value: permission,
    label: t(`sections.${sectionOfPermission(permission)}.name`),
  }));
  const targetOptions = (targets.data ?? []).map((target) => ({
    value: target.targetId,
    label: target.targetName,
  }));

  const checkbox = (name: Path<SsoFormValues>, label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              name={field.name}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
          label={label}
        />
      )}
    />
  );

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <FormTextField
        label={t('organizations.ssoRedirectUri')}
        value={redirectUri}
        helperText={t('organizations.ssoRedirectUriHint')}
        readOnly
      />
      <FormTextField
        {...fieldProps(form, 'issuerUrl')}
        label={t('organizations.ssoIssuerUrl')}
        type="url"
        autoComplete="off"
        required
      />
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button variant="outlined" onClick={handleTest} disabled={testing || !issuerUrl}>
          {t('organizations.ssoTest')}
        </Button>
        <AlertMessage severity="success" message={test.ok} />
        <AlertMessage severity="error" message={test.error} />
      </Stack>
      <FormTextField
        {...fieldProps(form, 'clientId')}
        label={t('organizations.ssoClientId')}
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'clientSecret')}
        label={t('organizations.ssoClientSecret')}
        type="password"
        autoComplete="new-password"
        required={!saved?.clientSecretSet}
        helperText={saved?.clientSecretSet ? t('organizations.ssoClientSecretKept') : undefined}
      />
      <FormTextField
        {...fieldProps(form, 'emailDomains')}
        label={t('organizations.ssoDomains')}
        helperText={t('organizations.ssoDomainsHint')}
        autoComplete="off"
        required
      />
      <SelectField
        control={form.control}
        name="userRoles"
        label={t('organizations.ssoRole')}
        options={roleOptions}
        required
      />
      <CheckboxGroupField
        control={form.control}
        name="userPermissions"
        label={t('organizations.ssoPermissions')}
        options={permissionOptions}
        required
      />
      <MultiSelectField
        control={form.control}
        name="targetIds"
        label={t('organizations.ssoTargets')}
        options={targetOptions}
        loading={targets.isPending}
      />
      {checkbox('passwordSignIn', t('organizations.ssoPasswordSignIn'))}
      {checkbox('enabled', t('organizations.ssoEnabled'))}
      <SubmitButton pending={pending}>{t('organizations.submit')}</SubmitButton>
    </FeedbackForm>
  );
}
