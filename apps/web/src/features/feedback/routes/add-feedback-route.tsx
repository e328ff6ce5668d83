import { createFeedbackBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateFeedback } from '../api/create-feedback';
import { FeedbackFormFields } from '../components/feedback-form-fields';

/** /tieto/add-feedback: any Tieto user sends feedback about one of their targets. */
export function AddFeedbackRoute() {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createFeedbackBody,
    defaultValues: { feedbackTitle: '', feedbackTargetId: '', feedbackMessage: '' },
    mutation: useCreateFeedback(),
  });
  return (
    <FormScreen title={t('feedback.addTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <FeedbackFormFields form={form} />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('feedback.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
