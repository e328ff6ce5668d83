import { createQuestionBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateQuestion } from '../api/create-question';
import { emptyQuestion, QuestionFormFields } from '../components/question-form-fields';

/** /tieto/add-new-question */
export function AddQuestionRoute() {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createQuestionBody,
    defaultValues: emptyQuestion(),
    mutation: useCreateQuestion(),
    // The next question likely goes to the same group.
    afterSuccess: {
      reset: (_, values) => ({ ...emptyQuestion(), questionGroup: values.questionGroup }),
    },
  });
  return (
    <FormScreen title={t('surveys.addQuestionTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <QuestionFormFields form={form} />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('surveys.addQuestionSubmit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
