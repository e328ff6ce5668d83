import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { addUserTargetsBody, type UserRecord, type UserTarget } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationTargets } from '@/api/get-organization-targets';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { type Column, DataTable } from '@/components/data-table';
import { FeedbackForm } from '@/components/feedback-form';
import { MultiSelectField } from '@/components/multi-select-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/api-client';
import { useCan } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useAddUserTargets } from '../api/add-user-targets';
import { useUserTargets } from '../api/get-user-targets';
import { useRemoveUserTarget } from '../api/remove-user-target';

const addTargetsForm = addUserTargetsBody.pick({ targetId: true });

/**
 * One user's targets: the current links with a remove button each, and a choice of the
 * organization's other targets to link.
 */
export function UserTargetsPanel({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const chooseOrganization = useCan({ do: 'crossOrganizations' });
  const linked = useUserTargets(user.uuid);
  const targets = useOrganizationTargets(user.userOrganization);
  const removeTarget = useRemoveUserTarget();
  const [removing, setRemoving] = useState<UserTarget | null>(null);
  const { form, feedback, submit, pending } = useMutationForm({
    schema: addTargetsForm,
    defaultValues: { targetId: [] },
    mutation: useAddUserTargets(),
    toVariables: ({ targetId }) => ({
      userId: user.uuid,
      targetId,
      ...(chooseOrganization ? { organization: user.userOrganization } : {}),
    }),
  });

  const linkedIds = new Set((linked.data ?? []).map((link) => link.targetId));
  const options = (targets.data ?? [])
    .filter((target) => !linkedIds.has(target.targetId))
    .map((target) => ({
      value: target.targetId,
      label: `${target.targetName}, ${target.targetAddress}`,
    }));

  const confirmRemove = () => {
    if (!removing) return;
    feedback.clear();
    removeTarget.mutate(removing.id, {
      onSuccess: ({ message }) => {
        setRemoving(null);
        feedback.showSuccess(message);
      },
      onError: (failure) => {
        setRemoving(null);
        feedback.showError(failure);
      },
    });
  };

  const columns: Column<UserTarget>[] = [
    { key: 'name', label: t('users.userTargets.targetName'), value: (link) => link.targetName },
    { key: 'address', label: t('users.userTargets.address'), value: (link) => link.targetAddress },
    {
      key: 'district',
      label: t('users.userTargets.postalDistrict'),
      value: (link) => link.targetPostalDistrict,
    },
  ];

  const listError = errorText(linked.error);
  const name = `${user.userFirstName} ${user.userLastName}`;

  return (
    <Stack spacing={3}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <MultiSelectField
          control={form.control}
          name="targetId"
          label={t('users.userTargets.targets')}
          options={options}
          loading={targets.isPending}
          required
        />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('users.userTargets.add')}
        </SubmitButton>
      </FeedbackForm>
      <Stack spacing={1.5}>
        <Typography component="h2" variant="h6">
          {t('users.userTargets.currentTitle', { name })}
        </Typography>
        <DataTable
          label={t('users.userTargets.currentTitle', { name })}
          rows={linked.data ?? []}
          columns={columns}
          rowKey={(link) => link.id}
          loading={linked.isPending}
          error={listError}
          initialSort={{ key: 'name', direction: 'asc' }}
          minWidth={560}
          actions={(link) => (
            <Tooltip title={t('users.userTargets.removeLabel', { name: link.targetName })}>
              <IconButton
                size="small"
                aria-label={t('users.userTargets.removeLabel', { name: link.targetName })}
                onClick={() => setRemoving(link)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        />
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('users.userTargets.confirmTitle')}
        text={t('users.userTargets.confirmText', { target: removing?.targetName ?? '', name })}
        confirmLabel={t('users.userTargets.remove')}
        pending={removeTarget.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
