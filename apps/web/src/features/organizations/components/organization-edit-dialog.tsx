import { createOrganizationBody, type OrganizationRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useUpdateOrganization } from '../api/update-organization';
import { OrganizationFormFields, organizationFormValues } from './organization-form-fields';
import { OrganizationLogoField } from './organization-logo-field';

interface OrganizationEditDialogProps {
  organization: OrganizationRecord;
  onClose: () => void;
  /** A successful save: the list reloads and the dialog closes. */
  onSaved: (message: string) => void;
}

/**
 * The pencil's dialog of the organizations list: the same form as the add screen, and the
 * organization's logo (saved on its own).
 */
export function OrganizationEditDialog({
  organization,
  onClose,
  onSaved,
}: OrganizationEditDialogProps) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createOrganizationBody,
    defaultValues: organizationFormValues(organization),
    mutation: useUpdateOrganization(),
    toVariables: (values) => ({ organizationId: organization.organizationId, ...values }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });

  return (
    <EditDialog
      open
      title={t('organizations.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <OrganizationFormFields form={form} />
      <OrganizationLogoField organization={organization} />
    </EditDialog>
  );
}
