import { createOrganizationBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateOrganization } from '../api/create-organization';
import { emptyOrganization, OrganizationFormFields } from '../components/organization-form-fields';

/** /admin/add-new-organization (Pääylläpitäjä): a new organization and its applications. */
export function AddOrganizationRoute() {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createOrganizationBody,
    defaultValues: emptyOrganization,
    mutation: useCreateOrganization(),
  });

  return (
    <FormScreen title={t('organizations.addTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <OrganizationFormFields form={form} />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('organizations.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
