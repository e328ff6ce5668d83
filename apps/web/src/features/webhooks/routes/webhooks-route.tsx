import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookRecord, WebhookSecretResponse } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyableSecret } from '@/components/copyable-secret';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/session';
import { useWebhooks } from '../api/get-webhooks';
import { useRemoveWebhook } from '../api/remove-webhook';
import { CreateWebhookForm } from '../components/create-webhook-form';
import { DeliveriesDialog } from '../components/deliveries-dialog';
import { EditWebhookDialog } from '../components/edit-webhook-dialog';

function RemoveWebhookDialog({
  webhook,
  onClose,
  onRemoved,
}: {
  webhook: WebhookRecord;
  onClose: () => void;
  onRemoved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveWebhook();
  return (
    <ConfirmDialog
      open
      title={t('webhooks.removeTitle')}
      text={t('webhooks.removeText', { name: webhook.name })}
      confirmLabel={t('webhooks.removeConfirm')}
      pending={remove.isPending}
      error={errorText(remove.error)}
      onConfirm={() =>
        remove.mutate(webhook.id, { onSuccess: ({ message }) => onRemoved(message) })
      }
      onClose={onClose}
    />
  );
}

type RowDialog = 'edit' | 'log' | 'remove';

/**
 * /admin/webhooks (Ylläpitäjä): creates a webhook and shows its secret once; lists the
 * organization's webhooks with their last delivery; a row's pencil edits it, "Loki" opens its
 * delivery log with "Lähetä testi", "Poista" deletes it after a confirmation.
 */
export function WebhooksRoute() {
  const { t } = useTranslation();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const [created, setCreated] = useState<WebhookSecretResponse | null>(null);
  const [rowDialog, setRowDialog] = useState<RowDialog>('edit');
  const webhooks = useWebhooks();

  const columns: Column<WebhookRecord>[] = [
    { key: 'name', label: t('webhooks.name'), value: (w) => w.name },
    { key: 'format', label: t('webhooks.format'), value: (w) => t(`webhooks.formats.${w.format}`) },
    {
      key: 'events',
      label: t('webhooks.events'),
      value: (w) => w.events.map((event) => t(`webhooks.eventNames.${event}`)).join(', '),
      hideBelow: 'lg',
    },
    {
      key: 'enabled',
      label: t('webhooks.enabled'),
      value: (w) => (w.enabled ? t('webhooks.enabledOn') : t('webhooks.enabledOff')),
    },
    {
      key: 'lastDelivery',
      label: t('webhooks.lastDelivery'),
      value: (w) =>
        w.lastDelivery
          ? `${formatDateTime(w.lastDelivery.at)} · ${t(`webhooks.statuses.${w.lastDelivery.status}`)}${
              w.lastDelivery.statusCode === null ? '' : ` (${w.lastDelivery.statusCode})`
            }`
          : t('webhooks.never'),
    },
  ];

  return (
    <Stack spacing={4}>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <PageHeader title={t('webhooks.title')} intro={t('webhooks.intro')} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3} divider={<Divider flexItem />}>
            <Typography component="h2" variant="h6">
              {t('webhooks.createTitle')}
            </Typography>
            <CreateWebhookForm choosesOrganization={choosesOrganization} onCreated={setCreated} />
            {created && (
              <CopyableSecret
                key={created.webhook.id}
                label={t('webhooks.secret')}
                hint={t('webhooks.secretHint')}
                value={created.secret}
                texts={{
                  copy: t('webhooks.copy'),
                  copied: t('webhooks.copied'),
                  copyUnavailable: t('webhooks.copyUnavailable'),
                }}
              />
            )}
          </Stack>
        </Paper>
      </Stack>
      <Stack spacing={2}>
        <Typography component="h2" variant="h5">
          {t('webhooks.listTitle')}
        </Typography>
        <ResourceList
          label={t('webhooks.tableLabel')}
          query={webhooks}
          columns={columns}
          rowKey={(w) => w.id}
          initialSort={{ key: 'name', direction: 'asc' }}
          minWidth={720}
          editLabel={(w) => t('webhooks.editLabel', { name: w.name })}
          dialog={(w, controls) => {
            // The pencil opens the edit dialog: a closed dialog returns to it.
            const close = () => {
              setRowDialog('edit');
              controls.close();
            };
            const done = (message?: string) => {
              setRowDialog('edit');
              controls.done(message);
            };
            return rowDialog === 'log' ? (
              <DeliveriesDialog webhook={w} onClose={close} />
            ) : rowDialog === 'remove' ? (
              <RemoveWebhookDialog webhook={w} onClose={close} onRemoved={done} />
            ) : (
              <EditWebhookDialog webhook={w} onClose={close} onSaved={done} />
            );
          }}
          actions={(w, openDialog) => (
            <>
              <Button
                size="small"
                aria-label={t('webhooks.logLabel', { name: w.name })}
                onClick={() => {
                  setRowDialog('log');
                  openDialog();
                }}
              >
                {t('webhooks.log')}
              </Button>
              <Button
                size="small"
                color="error"
                aria-label={t('webhooks.removeLabel', { name: w.name })}
                onClick={() => {
                  setRowDialog('remove');
                  openDialog();
                }}
              >
                {t('webhooks.remove')}
              </Button>
            </>
          )}
        />
      </Stack>
    </Stack>
  );
}
