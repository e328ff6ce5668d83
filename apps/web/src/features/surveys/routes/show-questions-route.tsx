import { createQuestionBody, type QuestionRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/data-table';
import { EditDialog } from '@/components/edit-dialog';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useQuestions } from '../api/get-questions';
import { useUpdateQuestion } from '../api/update-question';
import { QuestionFormFields } from '../components/question-form-fields';

function QuestionEditDialog({
  question,
  onClose,
  onSaved,
}: {
  question: QuestionRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createQuestionBody,
    defaultValues: {
      questionDescription: question.questionDescription,
      questionGroup: question.questionGroup,
      questionState: question.questionState,
    },
    mutation: useUpdateQuestion(),
    toVariables: (values) => ({ id: question.id, ...values }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('surveys.editQuestionTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <QuestionFormFields form={form} />
    </EditDialog>
  );
}

/** /tieto/show-questions */
export function ShowQuestionsRoute() {
  const { t } = useTranslation();
  const questions = useQuestions();
  const columns: Column<QuestionRecord>[] = [
    { key: 'question', label: t('surveys.question'), value: (row) => row.questionDescription },
    {
      key: 'group',
      label: t('surveys.group'),
      value: (row) => row.TietoQuestionGroup.queryQuestionGroupName,
    },
    {
      key: 'state',
      label: t('surveys.state'),
      value: (row) => t(`recordStates.${row.questionState}`),
      nowrap: true,
    },
  ];
  return (
    <ResourceListScreen
      title={t('surveys.questionsTitle')}
      query={questions}
      columns={columns}
      rowKey={(row) => row.id}
      initialSort={{ key: 'group', direction: 'asc' }}
      editLabel={(row) => t('surveys.editQuestionLabel', { name: row.questionDescription })}
      dialog={(row, { close, done }) => (
        <QuestionEditDialog question={row} onClose={close} onSaved={done} />
      )}
    />
  );
}
