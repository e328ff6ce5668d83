import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrganizationRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizations } from '@/api/organizations';
import { AlertMessage } from '@/components/alert-message';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useFlashMessage } from '@/lib/use-flash-message';
import { OrganizationEditDialog } from '../components/organization-edit-dialog';
import { OrganizationsTable } from '../components/organizations-table';

/** /admin/show-organizations (Pääylläpitäjä): the organizations; the pencil edits one. */
export function ShowOrganizationsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('organizations.listTitle'));
  const organizations = useOrganizations();
  const [editing, setEditing] = useState<OrganizationRecord | null>(null);
  const [saved, setSaved] = useFlashMessage();

  const error = errorText(organizations.error);

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        {t('organizations.listTitle')}
      </Typography>
      <AlertMessage severity="success" message={saved} />
      <OrganizationsTable
        organizations={organizations.data ?? []}
        loading={organizations.isPending}
        error={error}
        onEdit={(organization) => {
          setSaved(null);
          setEditing(organization);
        }}
      />
      {editing && (
        <OrganizationEditDialog
          key={editing.organizationId}
          organization={editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setSaved(message);
          }}
        />
      )}
    </Stack>
  );
}
