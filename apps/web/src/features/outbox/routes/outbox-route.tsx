import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { OUTBOX_PAGE_SIZE_MAX, type OutboxMail } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { LoadingFallback } from '@/components/loading-fallback';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useOutbox } from '../api/get-outbox';
import { MailDialog } from '../components/mail-dialog';
import { OutboxTable } from '../components/outbox-table';

const PAGE_SIZES = [10, 25, 50, OUTBOX_PAGE_SIZE_MAX];
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

  const error = outbox.error
    ? isApiError(outbox.error)
      ? outbox.error.error
      : t('api.unexpectedError')
    : null;

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          {t('outbox.title')}
        </Typography>
        <Typography color="text.secondary">{t('outbox.intro')}</Typography>
      </Stack>
      <AlertMessage message={error} />
      {outbox.isPending ? (
        <LoadingFallback />
      ) : (
        outbox.data && (
          <div>
            <OutboxTable mails={outbox.data.mails} onOpen={setOpenMail} />
            <TablePagination
              component="div"
              count={outbox.data.total}
              page={page}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage={t('table.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) =>
                t('table.displayedRows', { from, to, count })
              }
            />
          </div>
        )
      )}
      <MailDialog mail={openMail} onClose={() => setOpenMail(null)} />
    </Stack>
  );
}
