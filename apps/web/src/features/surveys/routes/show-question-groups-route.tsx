import { createQuestionGroupBody, type QuestionGroupRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/data-table';
import { EditDialog } from '@/components/edit-dialog';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { useCan } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useQuestionGroups } from '../api/get-question-groups';
import { useUpdateQuestionGroup } from '../api/update-question-group';
import { QuestionGroupFormFields } from '../components/question-group-form-fields';

function QuestionGroupEditDialog({
  group,
  onClose,
  onSaved,
}: {
  group: QuestionGroupRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createQuestionGroupBody,
    defaultValues: {
      queryQuestionGroupName: group.queryQuestionGroupName,
      queryQuestionGroupDescrption: group.queryQuestionGroupDescrption,
      queryQuestionGroupState: group.queryQuestionGroupState,
    },
    mutation: useUpdateQuestionGroup(),
    toVariables: ({ organizationId: _, ...values }) => ({ id: group.id, ...values }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('surveys.editGroupTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <QuestionGroupFormFields form={form} choosesOrganization={false} />
    </EditDialog>
  );
}

/** /tieto/show-question-groups */
export function ShowQuestionGroupsRoute() {
  const { t } = useTranslation();
  const groups = useQuestionGroups();
  const showOrganization = useCan({ do: 'crossOrganizations' });
  const columns: Column<QuestionGroupRecord>[] = [
    { key: 'name', label: t('surveys.groupName'), value: (row) => row.queryQuestionGroupName },
    {
      key: 'description',
      label: t('surveys.groupDescription'),
      value: (row) => row.queryQuestionGroupDescrption,
      hideBelow: 'md',
    },
    {
      key: 'state',
      label: t('surveys.state'),
      value: (row) => t(`recordStates.${row.queryQuestionGroupState}`),
      nowrap: true,
    },
    ...(showOrganization
      ? [
          {
            key: 'organization',
            label: t('surveys.organization'),
            value: (row: QuestionGroupRecord) => row.Organization.organizationName,
          },
        ]
      : []),
  ];
  return (
    <ResourceListScreen
      title={t('surveys.groupsTitle')}
      query={groups}
      columns={columns}
      rowKey={(row) => row.id}
      initialSort={{ key: 'name', direction: 'asc' }}
      editLabel={(row) => t('surveys.editGroupLabel', { name: row.queryQuestionGroupName })}
      dialog={(row, { close, done }) => (
        <QuestionGroupEditDialog group={row} onClose={close} onSaved={done} />
      )}
    />
  );
}
