import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { type SessionUser, updateOwnDetailsBody } from '@vahti/domain';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useUpdateOwnDetails } from '../api/update-own-details';

const formValues = (user: SessionUser) => ({
  userFirstName: user.userFirstName,
  userLastName: user.userLastName,
  userPhoneNumber: user.userPhoneNumber ?? '',
  userJobTitle: user.userJobTitle ?? '',
  userAlarmMail: user.userAlarmMail,
});

/** The user's own details (spec 000 §5): names required, e-mail shown but not editable. */
export function OwnDetailsForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: updateOwnDetailsBody,
    defaultValues: formValues(user),
    mutation: useUpdateOwnDetails(),
    // An emptied optional field clears the stored value.
    toVariables: ({ userPhoneNumber, userJobTitle, ...names }) => ({
      ...names,
      userPhoneNumber: userPhoneNumber || null,
      userJobTitle: userJobTitle || null,
    }),
    afterSuccess: { reset: ({ user: saved }) => formValues(saved) },
    // Spec 000 §8: a failed own-details save says 'Jokin meni vikaan'.
    serverErrorText: t('api.unexpectedError'),
  });

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <FormTextField
        label={t('account.ownDetails.email')}
        type="email"
        value={user.userEmail}
        readOnly
        hint={t('account.ownDetails.emailHelp')}
      />
      <FormTextField
        {...fieldProps(form, 'userFirstName')}
        label={t('account.ownDetails.firstName')}
        autoComplete="given-name"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userLastName')}
        label={t('account.ownDetails.lastName')}
        autoComplete="family-name"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userPhoneNumber')}
        label={t('account.ownDetails.phone')}
        type="tel"
        autoComplete="tel"
        hint={t('form.optional')}
      />
      <FormTextField
        {...fieldProps(form, 'userJobTitle')}
        label={t('account.ownDetails.jobTitle')}
        autoComplete="organization-title"
        hint={t('form.optional')}
      />
      <Controller
        control={form.control}
        name="userAlarmMail"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={t('account.ownDetails.alarmMail')}
          />
        )}
      />
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('account.ownDetails.submit')}
      </SubmitButton>
    </FeedbackForm>
  );
}
