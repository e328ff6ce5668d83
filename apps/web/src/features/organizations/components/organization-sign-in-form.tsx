import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { ROLES, type SignInSettingsBody } from '@vahti/domain';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FeedbackForm } from '@/components/feedback-form';
import { SelectField } from '@/components/select-field';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useOrganizationSignIn, useSetOrganizationSignIn } from '../api/organization-sign-in';

const NOBODY = 'none';
const form = z.object({
  role: z.enum([NOBODY, ...ROLES]),
  passkeySignIn: z.boolean(),
});

/**
 * The organization's sign-in rules: a second factor required from a role up (users without one
 * are led to set one up at their next sign-in), and whether a passkey alone signs in.
 */
export function OrganizationSignInForm({ organizationId }: { organizationId: string }) {
  const settings = useOrganizationSignIn(organizationId);
  if (!settings.data) return null;
  return <SettingsForm organizationId={organizationId} current={settings.data} />;
}

function SettingsForm({
  organizationId,
  current,
}: {
  organizationId: string;
  current: SignInSettingsBody;
}) {
  const { t } = useTranslation();
  const {
    form: values,
    feedback,
    submit,
    pending,
  } = useMutationForm({
    schema: form,
    defaultValues: {
      role: current.organizationTwoFactorRole ?? NOBODY,
      passkeySignIn: current.organizationPasskeySignIn,
    },
    mutation: useSetOrganizationSignIn(organizationId),
    toVariables: ({ role, passkeySignIn }) => ({
      organizationTwoFactorRole: role === NOBODY ? null : role,
      organizationPasskeySignIn: passkeySignIn,
    }),
    afterSuccess: 'keep',
    successMessage: 'persist',
  });
  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <SelectField
        control={values.control}
        name="role"
        label={t('organizations.signIn.requiredFrom')}
        options={[
          { value: NOBODY, label: t('organizations.signIn.nobody') },
          ...ROLES.map((role) => ({
            value: role,
            label: t('organizations.signIn.fromRole', { role }),
          })),
        ]}
      />
      <Controller
        control={values.control}
        name="passkeySignIn"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value}
                onChange={(_, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
              />
            }
            label={t('organizations.signIn.passkeySignIn')}
          />
        )}
      />
      <SubmitButton pending={pending}>{t('organizations.signIn.save')}</SubmitButton>
    </FeedbackForm>
  );
}
