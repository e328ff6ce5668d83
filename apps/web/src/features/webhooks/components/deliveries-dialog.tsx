import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryRecord, WebhookRecord } from '@vahti/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { CopyableSecret } from '@/components/copyable-secret';
import type { Column } from '@/components/data-table';
import { DataTable } from '@/components/data-table';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { webhooksKeys } from '../api/webhook-keys';

/**
 * A webhook's delivery log (polled while a delivery waits), "Lähetä testi", and a new secret
 * shown once.
 */
export function DeliveriesDialog({
  webhook,
  onClose,
}: {
  webhook: WebhookRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const deliveries = useWebhookDeliveries(webhook.id);
  const test = useSendWebhookTest(webhook.id);
  const rotate = useRotateWebhookSecret(webhook.id);
  const queryClient = useQueryClient();
  // The list's "last delivery" follows what the log showed.
  const close = () => {
    void queryClient.invalidateQueries({ queryKey: webhooksKeys.all });
    onClose();
  };

  const columns: Column<WebhookDeliveryRecord>[] = [
    {
      key: 'createdAt',
      label: t('webhooks.time'),
      value: (d) => d.createdAt,
      render: (d) => formatDateTime(d.lastAttemptAt ?? d.createdAt),
      nowrap: true,
    },
    {
      key: 'event',
      label: t('webhooks.event'),
      value: (d) => t(`webhooks.eventNames.${d.event}`, { defaultValue: d.event }),
    },
    {
      key: 'status',
      label: t('webhooks.status'),
      value: (d) => t(`webhooks.statuses.${d.status}`),
    },
    { key: 'statusCode', label: t('webhooks.statusCode'), value: (d) => d.statusCode },
    { key: 'attempts', label: t('webhooks.attempts'), value: (d) => d.attempts },
    {
      key: 'durationMs',
      label: t('webhooks.duration'),
      value: (d) => d.durationMs,
      render: (d) => (d.durationMs === null ? '' : t('webhooks.durationMs', { ms: d.durationMs })),
      nowrap: true,
    },
    { key: 'error', label: t('webhooks.error'), value: (d) => d.error },
  ];

  return (
    <ResponsiveDialog open onClose={close} aria-labelledby={titleId} maxWidth="lg">
      <DialogTitle id={titleId}>{t('webhooks.logTitle', { name: webhook.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <AlertMessage severity="success" message={test.data?.message} />
          <AlertMessage message={errorText(test.error) ?? errorText(rotate.error)} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => test.mutate()} disabled={test.isPending}>
              {t('webhooks.sendTest')}
            </Button>
            <Button variant="outlined" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
              {t('webhooks.rotateSecret')}
            </Button>
          </Stack>
          {rotate.data && (
            <CopyableSecret
              label={t('webhooks.secret')}
              hint={t('webhooks.secretHint')}
              value={rotate.data.secret}
              texts={{
                copy: t('webhooks.copy'),
                copied: t('webhooks.copied'),
                copyUnavailable: t('webhooks.copyUnavailable'),
              }}
            />
          )}
          <DataTable
            label={t('webhooks.logTableLabel')}
            rows={deliveries.data ?? []}
            columns={columns}
            rowKey={(d) => d.id}
            loading={deliveries.isPending}
            error={errorText(deliveries.error)}
            initialSort={{ key: 'createdAt', direction: 'desc' }}
            minWidth={760}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close}>{t('webhooks.close')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
