import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateOrganizationBody, createOrganizationBody } from '@vahti/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useFormFeedback } from '@/lib/form-feedback';
import { useCreateOrganization } from '../api/create-organization';
import {
  emptyOrganization,
  OrganizationFormFields,
  type OrganizationFormValues,
} from '../components/organization-form-fields';

/** /admin/add-new-organization (Pääylläpitäjä): a new organization and its applications. */
export function AddOrganizationRoute() {
  const { t } = useTranslation();
  const createOrganization = useCreateOrganization();
  const form = useForm<OrganizationFormValues>({
    resolver: zodResolver(createOrganizationBody),
    defaultValues: emptyOrganization,
  });
  const feedback = useFormFeedback(form);

  const handleValid = (values: CreateOrganizationBody) => {
    feedback.clear();
    createOrganization.mutate(values, {
      onSuccess: ({ message }) => {
        form.reset(emptyOrganization);
        feedback.showSuccess(message);
      },
      onError: feedback.showError,
    });
  };

  return (
    <FormScreen title={t('organizations.addTitle')}>
      <FeedbackForm
        feedback={feedback}
        onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
      >
        <OrganizationFormFields form={form} />
        <SubmitButton pending={createOrganization.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('organizations.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
