import { type CreateIngestKeyResponse, id, requiredField } from '@vahti/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { OrganizationSelect } from '@/components/organization-select';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateIngestKey } from '../api/create-ingest-key';

function keyFormSchema(choosesOrganization: boolean) {
  return z.object({
    organizationId: choosesOrganization ? requiredField().pipe(id()) : z.string(),
    name: requiredField(100),
  });
}

/** A new ingest key: its name (and, for the top administrator, its organization). */
export function CreateIngestKeyForm({
  choosesOrganization,
  onCreated,
}: {
  choosesOrganization: boolean;
  onCreated: (created: CreateIngestKeyResponse) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => keyFormSchema(choosesOrganization), [choosesOrganization]);
  const { form, feedback, submit, pending } = useMutationForm({
    schema,
    defaultValues: { organizationId: '', name: '' },
    mutation: useCreateIngestKey(),
    toVariables: ({ organizationId, name }) => ({
      organizationId: choosesOrganization ? organizationId : undefined,
      name,
    }),
    onSuccess: onCreated,
  });

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <OrganizationSelect form={form} name="organizationId" label={t('ingestKeys.organization')} />
      <FormTextField
        {...fieldProps(form, 'name')}
        label={t('ingestKeys.name')}
        hint={t('ingestKeys.nameHint')}
        required
      />
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('ingestKeys.create')}
      </SubmitButton>
    </FeedbackForm>
  );
}
