import DialogContentText from '@mui/material/DialogContentText';
import { ALARM_COMMENT_MAX, ackAlarmsBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { TextAreaField } from '@/components/text-area-field';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useAcknowledgeAlarm } from '../api/acknowledge-alarm';
import { useAcknowledgeAlarms } from '../api/acknowledge-alarms';

const commentSchema = ackAlarmsBody.pick({ comment: true });

/**
 * Acknowledges one alarm (PATCH /api/alarms/ack) or the selected ones (POST
 * /api/alarms/acknowledge) with an optional comment, which the timeline keeps with who and when.
 */
export function AcknowledgeDialog({
  ids,
  title,
  text,
  onClose,
  onDone,
}: {
  ids: readonly string[];
  title: string;
  /** What is acknowledged: the alarm's name, or how many are selected. */
  text: string;
  onClose: () => void;
  /** Done: the answer's message for the list. */
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const one = useAcknowledgeAlarm();
  const many = useAcknowledgeAlarms();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: commentSchema,
    defaultValues: { comment: '' },
    mutation: ({ comment }): Promise<{ message: string }> => {
      const [id] = ids;
      return ids.length === 1 && id
        ? one.mutateAsync({ id, state: 1, comment })
        : many.mutateAsync({ ids: [...ids], comment });
    },
    successMessage: 'none',
    onSuccess: ({ message }) => onDone(message),
  });
  return (
    <EditDialog
      open
      title={title}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
      submitLabel={t('alarms.acknowledge')}
    >
      <DialogContentText>{text}</DialogContentText>
      <TextAreaField
        form={form}
        name="comment"
        label={t('alarms.comment')}
        maxLength={ALARM_COMMENT_MAX}
      />
    </EditDialog>
  );
}
