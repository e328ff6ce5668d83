import type { WebhookRecord } from '@vahti/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useUpdateWebhook } from '../api/update-webhook';
import { WebhookFields, webhookBodyOf, webhookFormOf, webhookFormSchema } from './webhook-fields';

/** The pencil's dialog: the webhook's fields; Save closes it and shows the answer above the list. */
export function EditWebhookDialog({
  webhook,
  onClose,
  onSaved,
}: {
  webhook: WebhookRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => webhookFormSchema(false), []);
  const { form, feedback, submit, pending } = useMutationForm({
    schema,
    defaultValues: webhookFormOf(webhook),
    mutation: useUpdateWebhook(webhook.id),
    toVariables: webhookBodyOf,
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('webhooks.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <WebhookFields form={form} />
    </EditDialog>
  );
}
