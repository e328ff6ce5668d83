import { createQuestionGroupBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useCan, useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateQuestionGroup } from '../api/create-question-group';
import {
  emptyQuestionGroup,
  QuestionGroupFormFields,
} from '../components/question-group-form-fields';

/** /tieto/add-new-question-group */
export function AddQuestionGroupRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const empty = emptyQuestionGroup(choosesOrganization ? user?.userOrganization : undefined);
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createQuestionGroupBody,
    defaultValues: empty,
    mutation: useCreateQuestionGroup(),
  });
  return (
    <FormScreen title={t('surveys.addGroupTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <QuestionGroupFormFields form={form} />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('surveys.addGroupSubmit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
