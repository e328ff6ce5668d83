import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateIngestKeyResponse, IngestKeyRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/session';
import { useIngestKeys } from '../api/get-ingest-keys';
import { useRevokeIngestKey } from '../api/revoke-ingest-key';
import { CreateIngestKeyForm } from '../components/create-ingest-key-form';
import { CreatedKeyPanel } from '../components/created-key-panel';

function RevokeKeyDialog({
  ingestKey,
  onClose,
  onRevoked,
}: {
  ingestKey: IngestKeyRecord;
  onClose: () => void;
  onRevoked: (message: string) => void;
}) {
  const { t } = useTranslation();
  const revoke = useRevokeIngestKey();
  return (
    <ConfirmDialog
      open
      title={t('ingestKeys.revokeTitle')}
      text={t('ingestKeys.revokeText', { name: ingestKey.name })}
      confirmLabel={t('ingestKeys.revokeConfirm')}
      pending={revoke.isPending}
      error={errorText(revoke.error)}
      onConfirm={() =>
        revoke.mutate(ingestKey.id, { onSuccess: ({ message }) => onRevoked(message) })
      }
      onClose={onClose}
    />
  );
}

/**
 * /admin/ingest-keys: creates an ingest key for the network servers' webhooks, shows it once
 * with a copy button, and lists the keys by prefix (revocable).
 */
export function IngestKeysRoute() {
  const { t } = useTranslation();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const [created, setCreated] = useState<CreateIngestKeyResponse | null>(null);
  const keys = useIngestKeys();

  const columns: Column<IngestKeyRecord>[] = [
    { key: 'name', label: t('ingestKeys.name'), value: (key) => key.name },
    {
      key: 'prefix',
      label: t('ingestKeys.prefix'),
      value: (key) => key.prefix,
      render: (key) => <code>{key.prefix}…</code>,
      nowrap: true,
    },
    {
      key: 'createdAt',
      label: t('ingestKeys.created'),
      value: (key) => key.createdAt,
      render: (key) => formatDateTime(key.createdAt),
      nowrap: true,
    },
    {
      key: 'status',
      label: t('ingestKeys.status'),
      value: (key) =>
        key.revokedAt
          ? t('ingestKeys.revokedAt', { time: formatDateTime(key.revokedAt) })
          : t('ingestKeys.active'),
    },
  ];

  return (
    <Stack spacing={4}>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <PageHeader title={t('ingestKeys.title')} intro={t('ingestKeys.intro')} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3} divider={<Divider flexItem />}>
            <CreateIngestKeyForm choosesOrganization={choosesOrganization} onCreated={setCreated} />
            {created && <CreatedKeyPanel key={created.ingestKey.id} ingestKey={created.key} />}
          </Stack>
        </Paper>
      </Stack>
      <Stack spacing={2}>
        <Typography component="h2" variant="h5">
          {t('ingestKeys.listTitle')}
        </Typography>
        <ResourceList
          label={t('ingestKeys.tableLabel')}
          query={keys}
          columns={columns}
          rowKey={(key) => key.id}
          initialSort={{ key: 'createdAt', direction: 'desc' }}
          minWidth={640}
          dialog={(key, { close, done }) => (
            <RevokeKeyDialog ingestKey={key} onClose={close} onRevoked={done} />
          )}
          actions={(key, openDialog) =>
            key.revokedAt ? null : (
              <Button
                size="small"
                color="error"
                aria-label={t('ingestKeys.revokeLabel', { name: key.name, prefix: key.prefix })}
                onClick={openDialog}
              >
                {t('ingestKeys.revoke')}
              </Button>
            )
          }
        />
      </Stack>
    </Stack>
  );
}
