import {
  id,
  msg,
  requiredField,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type WebhookRecord,
  webhookUrl,
} from '@vahti/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxGroupField } from '@/components/checkbox-group-field';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SelectField } from '@/components/select-field';

/**
 * The webhook form: the request's fields, with the events as the checked options' positions in
 * WEBHOOK_EVENTS (the checkbox group's numbers) and enabled as a choice.
 */
export function webhookFormSchema(choosesOrganization: boolean) {
  return z.object({
    organizationId: choosesOrganization ? requiredField().pipe(id()) : z.string(),
    name: requiredField(100),
    url: webhookUrl(),
    format: z.enum(WEBHOOK_FORMATS),
    events: z.array(z.number()).min(1, { error: msg('webhooks.eventsRequired') }),
    enabled: z.enum(['on', 'off']),
  });
}
export type WebhookFormValues = z.input<ReturnType<typeof webhookFormSchema>>;

export const emptyWebhookForm: WebhookFormValues = {
  organizationId: '',
  name: '',
  url: '',
  format: 'json',
  events: WEBHOOK_EVENTS.map((_, index) => index),
  enabled: 'on',
};

export const webhookFormOf = (webhook: WebhookRecord): WebhookFormValues => ({
  organizationId: webhook.organizationId,
  name: webhook.name,
  url: webhook.url,
  format: webhook.format,
  events: WEBHOOK_EVENTS.flatMap((event, index) => (webhook.events.includes(event) ? [index] : [])),
  enabled: webhook.enabled ? 'on' : 'off',
});

/** The request body's fields of the form's values. */
export const webhookBodyOf = (values: z.output<ReturnType<typeof webhookFormSchema>>) => ({
  name: values.name,
  url: values.url,
  format: values.format,
  events: values.events.flatMap((index) => WEBHOOK_EVENTS[index] ?? []),
  enabled: values.enabled === 'on',
});

/** Name, URL, form, events and state: the same in the create form and the edit dialog. */
export function WebhookFields({ form }: { form: UseFormReturn<WebhookFormValues> }) {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField {...fieldProps(form, 'name')} label={t('webhooks.name')} required />
      <FormTextField
        {...fieldProps(form, 'url')}
        label={t('webhooks.url')}
        hint={t('webhooks.urlHint')}
        type="url"
        inputProps={{ inputMode: 'url', autoComplete: 'off', spellCheck: false }}
        required
      />
      <SelectField
        control={form.control}
        name="format"
        label={t('webhooks.format')}
        options={WEBHOOK_FORMATS.map((format) => ({
          value: format,
          label: t(`webhooks.formats.${format}`),
        }))}
        required
      />
      <CheckboxGroupField
        control={form.control}
        name="events"
        label={t('webhooks.events')}
        options={WEBHOOK_EVENTS.map((event, index) => ({
          value: index,
          label: t(`webhooks.eventNames.${event}`),
        }))}
        required
      />
      <SelectField
        control={form.control}
        name="enabled"
        label={t('webhooks.enabled')}
        options={[
          { value: 'on', label: t('webhooks.enabledOn') },
          { value: 'off', label: t('webhooks.enabledOff') },
        ]}
        required
      />
    </>
  );
}
