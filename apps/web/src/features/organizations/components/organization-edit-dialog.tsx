import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateOrganizationBody,
  createOrganizationBody,
  type OrganizationRecord,
} from '@vahti/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useFormFeedback } from '@/lib/form-feedback';
import { useUpdateOrganization } from '../api/update-organization';
import {
  OrganizationFormFields,
  type OrganizationFormValues,
  organizationFormValues,
} from './organization-form-fields';

interface OrganizationEditDialogProps {
  organization: OrganizationRecord;
  onClose: () => void;
  /** A successful save: the list reloads and the dialog closes. */
  onSaved: (message: string) => void;
}

/** The pencil's dialog of the organizations list: the same form as the add screen. */
export function OrganizationEditDialog({
  organization,
  onClose,
  onSaved,
}: OrganizationEditDialogProps) {
  const { t } = useTranslation();
  const updateOrganization = useUpdateOrganization();
  const form = useForm<OrganizationFormValues>({
    resolver: zodResolver(createOrganizationBody),
    defaultValues: organizationFormValues(organization),
  });
  const feedback = useFormFeedback(form);

  const handleValid = (values: CreateOrganizationBody) => {
    feedback.clear();
    updateOrganization.mutate(
      { organizationId: organization.organizationId, ...values },
      { onSuccess: ({ message }) => onSaved(message), onError: feedback.showError },
    );
  };

  return (
    <EditDialog
      open
      title={t('organizations.editTitle')}
      onClose={onClose}
      onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
      pending={updateOrganization.isPending}
      feedback={feedback}
    >
      <OrganizationFormFields form={form} />
    </EditDialog>
  );
}
