import Stack from '@mui/material/Stack';
import { Fragment, type ReactNode, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useFlashMessage } from '@/lib/use-flash-message';
import { AlertMessage } from './alert-message';
import { DataTable, type DataTableProps, EditIconButton } from './data-table';
import type { PageState } from './use-server-paging';

/** One page of a server-paged list. */
export interface ListPage<T> {
  rows: readonly T[];
  total: number;
}

/** What the list needs of its TanStack query: every row, or one page with `paging`. */
export interface ListQuery<T> {
  data: readonly T[] | ListPage<T> | undefined;
  error: unknown;
  isPending: boolean;
}

export interface RowDialogControls {
  /** Cancel: the dialog closes. */
  close: () => void;
  /** A done action: the dialog closes and the answer's message shows above the list for 3 s. */
  done: (message?: string) => void;
}

export interface ResourceListProps<T>
  extends Omit<DataTableProps<T>, 'rows' | 'loading' | 'error' | 'actions' | 'serverPaging'> {
  query: ListQuery<T>;
  /** For a server-paged query: the page it asked for. */
  paging?: PageState;
  /** The row's dialog (edit form, confirmation, details), opened by the pencil or an action. */
  dialog?: (row: T, controls: RowDialogControls) => ReactNode;
  /** The pencil's name ('Muokkaa: …'); with it, each row has a pencil that opens `dialog`. */
  editLabel?: (row: T) => string;
  /** Rows without a pencil (e.g. a user who outranks the caller); default every row. */
  canEdit?: (row: T) => boolean;
  /** Further buttons of a row, after the pencil; `openDialog` opens the row's dialog. */
  actions?: (row: T, openDialog: () => void) => ReactNode;
}

/**
 * A list's body (react-admin's one list contract): the flash of the last done action, the shared
 * DataTable fed by the query with its loading and error states, and one row dialog at a time.
 */
export function ResourceList<T>({
  query,
  paging,
  dialog,
  editLabel,
  canEdit = () => true,
  actions,
  ...table
}: ResourceListProps<T>) {
  const [open, setOpen] = useState<T | null>(null);
  const [flash, setFlash] = useFlashMessage();
  const { data } = query;
  const page = data && !isRows(data) ? data : null;
  const rows = data ? (isRows(data) ? data : data.rows) : [];

  const openDialog = (row: T) => {
    setFlash(null);
    setOpen(row);
  };
  const rowActions =
    editLabel || actions
      ? (row: T) => (
          <>
            {editLabel && canEdit(row) && (
              <EditIconButton label={editLabel(row)} onClick={() => openDialog(row)} />
            )}
            {actions?.(row, () => openDialog(row))}
          </>
        )
      : undefined;

  return (
    <Stack spacing={3}>
      <AlertMessage severity="success" message={flash} />
      <DataTable
        {...table}
        rows={rows}
        loading={query.isPending}
        error={errorText(query.error)}
        actions={rowActions}
        serverPaging={paging && { ...paging, count: page?.total ?? 0 }}
      />
      {open !== null && dialog && (
        // A new dialog per row, so each opening starts from that row's saved values.
        <Fragment key={table.rowKey(open)}>
          {dialog(open, {
            close: () => setOpen(null),
            done: (message) => {
              setOpen(null);
              setFlash(message ?? null);
            },
          })}
        </Fragment>
      )}
    </Stack>
  );
}

function isRows<T>(data: readonly T[] | ListPage<T>): data is readonly T[] {
  return Array.isArray(data);
}
