import type { WebhookSecretResponse } from '@vahti/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { OrganizationSelect } from '@/components/organization-select';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateWebhook } from '../api/create-webhook';
import {
  emptyWebhookForm,
  WebhookFields,
  webhookBodyOf,
  webhookFormSchema,
} from './webhook-fields';

/** A new webhook (and, for the top administrator, its organization). */
export function CreateWebhookForm({
  choosesOrganization,
  onCreated,
}: {
  choosesOrganization: boolean;
  onCreated: (created: WebhookSecretResponse) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => webhookFormSchema(choosesOrganization), [choosesOrganization]);
  const { form, feedback, submit, pending } = useMutationForm({
    schema,
    defaultValues: emptyWebhookForm,
    mutation: useCreateWebhook(),
    toVariables: (values) => ({
      organizationId: choosesOrganization ? values.organizationId : undefined,
      ...webhookBodyOf(values),
    }),
    onSuccess: onCreated,
  });

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <OrganizationSelect form={form} name="organizationId" label={t('webhooks.organization')} />
      <WebhookFields form={form} />
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('webhooks.create')}
      </SubmitButton>
    </FeedbackForm>
  );
}
