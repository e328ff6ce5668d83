import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  FEEDBACK_REPLY_MAX,
  FEEDBACK_STATES,
  type FeedbackRecord,
  updateFeedbackBody,
} from '@vahti/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTargets } from '@/api/get-targets';
import type { Column } from '@/components/data-table';
import { EditDialog } from '@/components/edit-dialog';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { formatDate } from '@/lib/dates';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useFeedbacks } from '../api/get-feedbacks';
import { useUpdateFeedback } from '../api/update-feedback';
import { FeedbackMessage } from '../components/feedback-message';

function FeedbackEditDialog({
  feedback: record,
  onClose,
  onSaved,
}: {
  feedback: FeedbackRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: updateFeedbackBody,
    defaultValues: {
      id: record.id,
      feedbackState: record.feedbackState,
      feedbackReply: record.feedbackReply ?? '',
    },
    mutation: useUpdateFeedback(),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('feedback.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      {/* The sender's words are theirs: shown, never edited. */}
      <Stack spacing={0.5}>
        <Typography variant="subtitle2" component="h3">
          {record.feedbackTitle}
        </Typography>
        <FeedbackMessage feedback={record} />
      </Stack>
      <SelectField
        control={form.control}
        name="feedbackState"
        label={t('feedback.state')}
        required
        options={FEEDBACK_STATES.map((state) => ({
          value: state,
          label: t(`feedback.states.${state}`),
        }))}
      />
      <TextAreaField
        form={form}
        name="feedbackReply"
        label={t('feedback.reply')}
        maxLength={FEEDBACK_REPLY_MAX}
      />
      <Typography variant="body2" color="text.secondary">
        {t('feedback.replyHelp')}
      </Typography>
    </EditDialog>
  );
}

/**
 * /tieto/show-feedbacks: the feedback, filtered by target, with an edit dialog for the state
 * (Uusi/Suljettu) and the staff's reply; the sender's words are shown, never edited.
 */
export function ShowFeedbacksRoute() {
  const { t } = useTranslation();
  const id = useId();
  const [targetId, setTargetId] = useState('');
  const targets = useTargets();
  const feedbacks = useFeedbacks(targetId);
  const columns: Column<FeedbackRecord>[] = [
    { key: 'title', label: t('feedback.title'), value: (row) => row.feedbackTitle },
    {
      key: 'message',
      label: t('feedback.message'),
      value: (row) => row.feedbackMessage,
      hideBelow: 'md',
    },
    {
      key: 'target',
      label: t('feedback.target'),
      value: (row) => row.Targets[0]?.targetName ?? '',
    },
    {
      key: 'sender',
      label: t('feedback.sender'),
      value: (row) => row.senderName ?? '',
      hideBelow: 'lg',
    },
    {
      key: 'sent',
      label: t('feedback.sent'),
      value: (row) => row.createdAt,
      render: (row) => formatDate(row.createdAt),
      nowrap: true,
    },
    {
      key: 'reply',
      label: t('feedback.replied'),
      value: (row) => (row.feedbackReply ? t('feedback.yes') : t('feedback.no')),
      hideBelow: 'md',
      nowrap: true,
    },
    {
      key: 'photo',
      label: t('feedback.photo'),
      value: (row) => (row.feedbackPhoto ? t('feedback.yes') : t('feedback.no')),
      hideBelow: 'lg',
      nowrap: true,
    },
    {
      key: 'state',
      label: t('feedback.state'),
      value: (row) => t(`feedback.states.${row.feedbackState}`),
      nowrap: true,
    },
  ];
  return (
    <Stack spacing={3}>
      <PageHeader title={t('feedback.listTitle')} />
      <FormControl sx={{ maxWidth: 420 }}>
        <InputLabel id={`${id}-target`} shrink>
          {t('feedback.targetFilter')}
        </InputLabel>
        <Select
          labelId={`${id}-target`}
          label={t('feedback.targetFilter')}
          notched
          displayEmpty
          value={targetId}
          onChange={(event) => setTargetId(event.target.value)}
        >
          <MenuItem value="">{t('feedback.allTargets')}</MenuItem>
          {(targets.data ?? []).map((target) => (
            <MenuItem key={target.targetId} value={target.targetId}>
              {target.targetName}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <ResourceList
        label={t('feedback.listTitle')}
        query={feedbacks}
        columns={columns}
        rowKey={(row) => row.id}
        initialSort={{ key: 'sent', direction: 'desc' }}
        editLabel={(row) => t('feedback.editLabel', { name: row.feedbackTitle })}
        dialog={(row, { close, done }) => (
          <FeedbackEditDialog feedback={row} onClose={close} onSaved={done} />
        )}
      />
    </Stack>
  );
}
