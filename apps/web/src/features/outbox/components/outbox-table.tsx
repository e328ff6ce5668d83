import Button from '@mui/material/Button';
import type { OutboxMail } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type ServerPaging } from '@/components/data-table';
import { formatDateTime } from '@/lib/dates';
import { MailStatusText } from './mail-status';

interface OutboxTableProps {
  mails: OutboxMail[];
  onOpen: (mail: OutboxMail) => void;
  loading: boolean;
  error: string | null;
  paging: ServerPaging;
}

/** The outgoing mails, one server page at a time; each row's "Näytä" opens the whole mail. */
export function OutboxTable({ mails, onOpen, loading, error, paging }: OutboxTableProps) {
  const { t } = useTranslation();
  const columns: Column<OutboxMail>[] = [
    { key: 'to', label: t('outbox.to'), value: (mail) => mail.toAddress, nowrap: true },
    { key: 'subject', label: t('outbox.subject'), value: (mail) => mail.subject },
    {
      key: 'status',
      label: t('outbox.status'),
      value: (mail) => t(`outbox.statuses.${mail.status}`),
      render: (mail) => <MailStatusText status={mail.status} />,
      nowrap: true,
    },
    { key: 'attempts', label: t('outbox.attempts'), value: (mail) => mail.attempts },
    {
      key: 'created',
      label: t('outbox.created'),
      value: (mail) => formatDateTime(mail.createdAt),
      nowrap: true,
    },
    {
      key: 'sent',
      label: t('outbox.sent'),
      value: (mail) => formatDateTime(mail.sentAt),
      nowrap: true,
    },
  ];
  return (
    <DataTable
      label={t('outbox.tableLabel')}
      rows={mails}
      columns={columns}
      rowKey={(mail) => mail.id}
      loading={loading}
      error={error}
      minWidth={760}
      serverPaging={paging}
      actions={(mail) => (
        <Button
          size="small"
          variant="outlined"
          aria-label={t('outbox.showMail', { subject: mail.subject })}
          onClick={() => onOpen(mail)}
        >
          {t('outbox.show')}
        </Button>
      )}
    />
  );
}
