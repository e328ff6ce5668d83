import Button from '@mui/material/Button';
import type { OutboxMail } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/data-table';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { useServerPaging } from '@/components/use-server-paging';
import { formatDateTime } from '@/lib/dates';
import { useOutbox } from '../api/get-outbox';
import { MailDialog } from '../components/mail-dialog';
import { MailStatusText } from '../components/mail-status';

/**
 * /admin/outbox (Pääylläpitäjä): the mails the server sent or kept, one server page at a time.
 * Without SMTP this is where a reset or registration link can be read; "Näytä" opens a mail.
 */
export function OutboxRoute() {
  const { t } = useTranslation();
  const paging = useServerPaging(25);
  const outbox = useOutbox({ page: paging.page + 1, pageSize: paging.pageSize });

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
    <ResourceListScreen
      title={t('outbox.title')}
      intro={t('outbox.intro')}
      label={t('outbox.tableLabel')}
      query={outbox}
      paging={paging}
      columns={columns}
      rowKey={(mail) => mail.id}
      minWidth={760}
      dialog={(mail, { close }) => <MailDialog mail={mail} onClose={close} />}
      actions={(mail, openDialog) => (
        <Button
          size="small"
          variant="outlined"
          aria-label={t('outbox.showMail', { subject: mail.subject })}
          onClick={openDialog}
        >
          {t('outbox.show')}
        </Button>
      )}
    />
  );
}
