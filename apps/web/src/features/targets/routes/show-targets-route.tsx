import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TargetRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTargets } from '@/api/targets';
import { AlertMessage } from '@/components/alert-message';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useCan } from '@/lib/session';
import { useFlashMessage } from '@/lib/use-flash-message';
import { TargetEditDialog } from '../components/target-edit-dialog';
import { TargetsTable } from '../components/targets-table';

/** /admin/show-targets: the targets the caller may see; the pencil edits one. */
export function ShowTargetsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('targets.listTitle'));
  const targets = useTargets();
  const showOrganization = useCan({ do: 'crossOrganizations' });
  const [editing, setEditing] = useState<TargetRecord | null>(null);
  const [saved, setSaved] = useFlashMessage();

  const error = errorText(targets.error);

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        {t('targets.listTitle')}
      </Typography>
      <AlertMessage severity="success" message={saved} />
      <TargetsTable
        targets={targets.data ?? []}
        loading={targets.isPending}
        error={error}
        showOrganization={showOrganization}
        onEdit={(target) => {
          setSaved(null);
          setEditing(target);
        }}
      />
      {editing && (
        <TargetEditDialog
          key={editing.targetId}
          target={editing}
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
