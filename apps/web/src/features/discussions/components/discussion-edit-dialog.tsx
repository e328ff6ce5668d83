import { createDiscussionBody, type DiscussionRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useCan } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useUpdateDiscussion } from '../api/update-discussion';
import { DiscussionFormFields, discussionFormValues } from './discussion-form-fields';

/** The pencil's dialog of the discussion admin list: the add form, organization kept. */
export function DiscussionEditDialog({
  discussion,
  onClose,
  onSaved,
}: {
  discussion: DiscussionRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createDiscussionBody,
    defaultValues: discussionFormValues(discussion, choosesOrganization),
    mutation: useUpdateDiscussion(),
    toVariables: (values) => ({ discussionId: discussion.discussionId, ...values }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('discussions.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <DiscussionFormFields form={form} organizationLocked />
    </EditDialog>
  );
}
