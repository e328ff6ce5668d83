import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { addUserTargetsBody, type UserRecord, type UserTarget } from '@vahti/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useOrganizationTargets } from '@/api/targets';
import { type Column, DataTable } from '@/components/data-table';
import { FeedbackForm } from '@/components/feedback-form';
import { MultiSelectField } from '@/components/multi-select-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/api-client';
import { useFormFeedback } from '@/lib/form-feedback';
import { useCan } from '@/lib/session';
import { useAddUserTargets, useRemoveUserTarget, useUserTargets } from '../api/user-targets';
import { ConfirmDialog } from './confirm-dialog';

const addTargetsForm = addUserTargetsBody.pick({ targetId: true });
type AddTargetsValues = z.input<typeof addTargetsForm>;

/**
 * One user's targets: the current links with a remove button each, and a choice of the
 * organization's other targets to link.
 */
export function UserTargetsPanel({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const chooseOrganization = useCan({ do: 'crossOrganizations' });
  const linked = useUserTargets(user.uuid);
  const targets = useOrganizationTargets(user.userOrganization);
  const addTargets = useAddUserTargets();
  const removeTarget = useRemoveUserTarget();
  const [removing, setRemoving] = useState<UserTarget | null>(null);
  const form = useForm<AddTargetsValues>({
    resolver: zodResolver(addTargetsForm),
    defaultValues: { targetId: [] },
  });
  const feedback = useFormFeedback(form);

  const linkedIds = new Set((linked.data ?? []).map((link) => link.targetId));
  const options = (targets.data ?? [])
    .filter((target) => !linkedIds.has(target.targetId))
    .map((target) => ({
      value: target.targetId,
      label: `${target.targetName}, ${target.targetAddress}`,
    }));

  const handleValid = ({ targetId }: z.output<typeof addTargetsForm>) => {
    feedback.clear();
    addTargets.mutate(
      {
        userId: user.uuid,
        targetId,
        ...(chooseOrganization ? { organization: user.userOrganization } : {}),
      },
      {
        onSuccess: ({ message }) => {
          form.reset({ targetId: [] });
          feedback.showSuccess(message);
        },
        onError: feedback.showError,
      },
    );
  };

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
    { key: 'name', label: t('userTargets.targetName'), value: (link) => link.targetName },
    { key: 'address', label: t('userTargets.address'), value: (link) => link.targetAddress },
    {
      key: 'district',
      label: t('userTargets.postalDistrict'),
      value: (link) => link.targetPostalDistrict,
    },
  ];

  const listError = errorText(linked.error);
  const name = `${user.userFirstName} ${user.userLastName}`;

  return (
    <Stack spacing={3}>
      <FeedbackForm
        feedback={feedback}
        onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
      >
        <MultiSelectField
          control={form.control}
          name="targetId"
          label={t('userTargets.targets')}
          options={options}
          loading={targets.isPending}
          required
        />
        <SubmitButton pending={addTargets.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('userTargets.add')}
        </SubmitButton>
      </FeedbackForm>
      <Stack spacing={1.5}>
        <Typography component="h2" variant="h6">
          {t('userTargets.currentTitle', { name })}
        </Typography>
        <DataTable
          label={t('userTargets.currentTitle', { name })}
          rows={linked.data ?? []}
          columns={columns}
          rowKey={(link) => link.id}
          loading={linked.isPending}
          error={listError}
          initialSort={{ key: 'name', direction: 'asc' }}
          minWidth={560}
          actions={(link) => (
            <Tooltip title={t('userTargets.removeLabel', { name: link.targetName })}>
              <IconButton
                size="small"
                aria-label={t('userTargets.removeLabel', { name: link.targetName })}
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
        title={t('userTargets.confirmTitle')}
        text={t('userTargets.confirmText', { target: removing?.targetName ?? '', name })}
        confirmLabel={t('userTargets.remove')}
        pending={removeTarget.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
