import { zodResolver } from '@hookform/resolvers/zod';
import { type SessionUser, type UpdateOwnDetailsBody, updateOwnDetailsBody } from '@vahti/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useFormFeedback } from '@/lib/form-feedback';
import { useUpdateOwnDetails } from '../api/update-own-details';

const formValues = (user: SessionUser) => ({
  userFirstName: user.userFirstName,
  userLastName: user.userLastName,
  userPhoneNumber: user.userPhoneNumber ?? '',
  userJobTitle: user.userJobTitle ?? '',
});

/** The user's own details (spec 000 §5): names required, e-mail shown but not editable. */
export function OwnDetailsForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const updateOwnDetails = useUpdateOwnDetails();
  const form = useForm({
    resolver: zodResolver(updateOwnDetailsBody),
    defaultValues: formValues(user),
  });
  const feedback = useFormFeedback(form, {
    // Spec 000 §8: a failed own-details save says 'Jokin meni vikaan'.
    serverErrorText: t('api.unexpectedError'),
  });

  const handleValid = ({ userPhoneNumber, userJobTitle, ...names }: UpdateOwnDetailsBody) => {
    feedback.clear();
    // An emptied optional field clears the stored value.
    const body = {
      ...names,
      userPhoneNumber: userPhoneNumber || null,
      userJobTitle: userJobTitle || null,
    };
    updateOwnDetails.mutate(body, {
      onSuccess: ({ message, user: saved }) => {
        form.reset(formValues(saved));
        feedback.showSuccess(message);
      },
      onError: feedback.showError,
    });
  };

  return (
    <FeedbackForm
      feedback={feedback}
      onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
    >
      <FormTextField
        label={t('ownDetails.email')}
        type="email"
        value={user.userEmail}
        readOnly
        hint={t('ownDetails.emailHelp')}
      />
      <FormTextField
        {...fieldProps(form, 'userFirstName')}
        label={t('ownDetails.firstName')}
        autoComplete="given-name"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userLastName')}
        label={t('ownDetails.lastName')}
        autoComplete="family-name"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userPhoneNumber')}
        label={t('ownDetails.phone')}
        type="tel"
        autoComplete="tel"
        hint={t('form.optional')}
      />
      <FormTextField
        {...fieldProps(form, 'userJobTitle')}
        label={t('ownDetails.jobTitle')}
        autoComplete="organization-title"
        hint={t('form.optional')}
      />
      <SubmitButton pending={updateOwnDetails.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('ownDetails.submit')}
      </SubmitButton>
    </FeedbackForm>
  );
}
