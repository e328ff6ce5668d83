import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OutboxMail } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useOutbox } from '../api/get-outbox';
import { MailDialog } from '../components/mail-dialog';
import { OutboxTable } from '../components/outbox-table';

const DEFAULT_PAGE_SIZE = 25;

/**
 * /admin/outbox (Pääylläpitäjä): the mails the server sent or kept. Without SMTP this is where a
 * reset or registration link can be read.
 */
export function OutboxRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('outbox.title'));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [openMail, setOpenMail] = useState<OutboxMail | null>(null);
  const outbox = useOutbox({ page: page + 1, pageSize });

  const error = errorText(outbox.error);

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          {t('outbox.title')}
        </Typography>
        <Typography color="text.secondary">{t('outbox.intro')}</Typography>
      </Stack>
      <OutboxTable
        mails={outbox.data?.mails ?? []}
        onOpen={setOpenMail}
        loading={outbox.isPending}
        error={error}
        paging={{
          count: outbox.data?.total ?? 0,
          page,
          pageSize,
          onPageChange: setPage,
          onPageSizeChange: setPageSize,
        }}
      />
      <MailDialog mail={openMail} onClose={() => setOpenMail(null)} />
    </Stack>
  );
}
