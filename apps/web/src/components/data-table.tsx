import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { type Breakpoint, type SxProps, type Theme, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlertMessage } from './alert-message';
import { FormTextField } from './form-text-field';
import { TableScroll } from './table-scroll';

export interface Column<T> {
  /** Unique; the sort key. */
  key: string;
  /** Header text. */
  label: string;
  /** Used for search, sorting and as the default cell text. */
  value: (row: T) => string | number | null;
  /** Custom cell content. */
  render?: (row: T) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  nowrap?: boolean;
  /**
   * A low-priority column: the table leaves it out below this width, so the rest fit beside the
   * actions column (search still finds its values, and a phone's cards show it).
   */
  hideBelow?: Extract<Breakpoint, 'md' | 'lg' | 'xl'>;
}

export interface ServerPaging {
  /** All rows on the server. */
  count: number;
  /** 0-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** The server searches: the search box shows this text and reports its changes. */
  search?: { value: string; onChange: (value: string) => void };
}

/** Rows the user picks for an action on many (a checkbox per row and one for the page). */
export interface RowSelection<T> {
  /** Keys (rowKey) of the picked rows. */
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** The accessible name of a row's checkbox. */
  label: (row: T) => string;
  /** The name of the checkbox that picks every row shown ('select all on this page'). */
  allLabel: string;
  /** Rows that cannot be picked get no checkbox; default every row. */
  canSelect?: (row: T) => boolean;
}

export interface DataTableProps<T> {
  /** Accessible name of the table region (TableScroll) and of the table. */
  label: string;
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  /** A last column of per-row buttons (the pencil, see EditIconButton). */
  actions?: (row: T) => ReactNode;
  /** Shows a progress indicator instead of the empty text. */
  loading?: boolean;
  /** Red alert above the table. */
  error?: string | null;
  /** With an error: a 'Yritä uudelleen' button in the alert that asks again. */
  onRetry?: () => void;
  initialSort?: { key: string; direction: 'asc' | 'desc' };
  /**
   * The search box's first text; default the URL's `?id=` (spec 001 §2: a query parameter id
   * prefills the search box of a list — every list, issue 27).
   */
  initialSearch?: string;
  /** The search box's label, default 'Hae'; another where two tables share a screen. */
  searchLabel?: string;
  /** The table's min width before it scrolls sideways (default 720); phones show cards instead. */
  minWidth?: number;
  /** Server-paged lists: rows are one page; sorting is off, search only if the server searches. */
  serverPaging?: ServerPaging;
  /** What an empty table says instead of 'Tietoa ei saatavilla' (e.g. why nothing is listed). */
  emptyContent?: ReactNode;
  /** A leading checkbox per row (a card's top on a phone) and one above them for the page. */
  selection?: RowSelection<T>;
  /** A row's own look (e.g. muted when it needs no action); the table row and the phone card. */
  rowSx?: (row: T) => SxProps<Theme>;
}

export const PAGE_SIZES = [10, 25, 50, 100];

/**
 * The actions column stays at the right edge while a wide table scrolls sideways, so the pencil
 * is in view on a laptop as well as a phone.
 */
const stickyEnd = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;
const DEFAULT_PAGE_SIZE = 10;

/** A column left out below its `hideBelow` width. */
const hiddenBelow = (breakpoint: Column<unknown>['hideBelow']) =>
  breakpoint ? { display: { xs: 'none', [breakpoint]: 'table-cell' } } : undefined;

/**
 * The paging row wraps instead of scrolling sideways, so the next-page arrow stays on a 360 px
 * phone.
 */
const wrappingPagination = {
  overflow: 'visible',
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
} as const;

const collator = new Intl.Collator('fi', { numeric: true, sensitivity: 'base' });

function compareValues(a: string | number | null, b: string | number | null): number {
  // Missing values sort last whichever the direction.
  if (a === null || a === '') return b === null || b === '' ? 0 : 1;
  if (b === null || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The one table of the app (spec 000 §2): a search field 'Hae' over every column, sortable
 * headers, paging 'Rivejä sivulla' and 'Tietoa ei saatavilla' when empty. Below `sm` each row is
 * a card of label–value pairs; on wider screens low-priority columns (`hideBelow`) make room, and
 * what still does not fit scrolls sideways inside TableScroll. With `serverPaging` the rows are
 * one page of a server-paged list.
 */
export function DataTable<T>({
  label,
  rows,
  columns,
  rowKey,
  actions,
  loading = false,
  error,
  onRetry,
  initialSort,
  initialSearch,
  searchLabel,
  minWidth = 720,
  serverPaging,
  emptyContent,
  selection,
  rowSx,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const searchId = useId();
  const [params] = useSearchParams();
  const [search, setSearch] = useState(
    () => initialSearch ?? (serverPaging ? '' : (params.get('id') ?? '')),
  );
  const [sort, setSort] = useState(initialSort ?? null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const clientMode = !serverPaging;
  const hasActions = Boolean(actions);

  const filtered = useMemo(() => {
    if (!clientMode) return rows;
    const needle = search.trim().toLocaleLowerCase('fi');
    const matching = needle
      ? rows.filter((row) =>
          columns.some((column) => {
            const value = column.value(row);
            return value !== null && String(value).toLocaleLowerCase('fi').includes(needle);
          }),
        )
      : [...rows];
    const sortColumn = sort && columns.find((column) => column.key === sort.key);
    if (sort && sortColumn) {
      const sign = sort.direction === 'asc' ? 1 : -1;
      matching.sort((a, b) => {
        const va = sortColumn.value(a);
        const vb = sortColumn.value(b);
        // Missing values stay last in both directions.
        if (va === null || va === '' || vb === null || vb === '') return compareValues(va, vb);
        return sign * compareValues(va, vb);
      });
    }
    return matching;
  }, [clientMode, rows, columns, search, sort]);

  const count = serverPaging ? serverPaging.count : filtered.length;
  const currentPageSize = serverPaging ? serverPaging.pageSize : pageSize;
  // A shrinking list (search, a removed row) never leaves the table on a page past its end.
  const lastPage = Math.max(0, Math.ceil(count / currentPageSize) - 1);
  const currentPage = serverPaging ? serverPaging.page : Math.min(page, lastPage);
  const visible = serverPaging
    ? rows
    : filtered.slice(currentPage * pageSize, currentPage * pageSize + pageSize);

  const toggleSort = (key: string) => {
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
    setPage(0);
  };

  const columnCount = columns.length + (hasActions ? 1 : 0) + (selection ? 1 : 0);
  const pickable = selection
    ? visible.filter((row) => selection.canSelect?.(row) ?? true).map(rowKey)
    : [];
  const picked = pickable.filter((key) => selection?.selected.has(key)).length;
  const pickAll = selection && (
    <Checkbox
      checked={pickable.length > 0 && picked === pickable.length}
      indeterminate={picked > 0 && picked < pickable.length}
      disabled={pickable.length === 0}
      onChange={(event) => selection.onChange(new Set(event.target.checked ? pickable : []))}
      slotProps={{ input: { 'aria-label': selection.allLabel } }}
    />
  );
  const pickOne = (row: T) => {
    if (!selection || !(selection.canSelect?.(row) ?? true)) return null;
    const key = rowKey(row);
    return (
      <Checkbox
        checked={selection.selected.has(key)}
        onChange={(event) => {
          const next = new Set(selection.selected);
          if (event.target.checked) next.add(key);
          else next.delete(key);
          selection.onChange(next);
        }}
        slotProps={{ input: { 'aria-label': selection.label(row) } }}
      />
    );
  };

  return (
    <Stack spacing={2}>
      <AlertMessage
        message={error}
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('components.retry')}
            </Button>
          )
        }
      />
      {(clientMode || serverPaging?.search) && (
        <Box sx={{ maxWidth: { xs: '100%', sm: 360 } }}>
          <FormTextField
            id={searchId}
            label={searchLabel ?? t('components.search')}
            type="search"
            size="small"
            floatingLabel
            value={serverPaging?.search ? serverPaging.search.value : search}
            onChange={(event) => {
              if (serverPaging?.search) return serverPaging.search.onChange(event.target.value);
              setSearch(event.target.value);
              setPage(0);
            }}
            inputProps={{ 'aria-controls': `${searchId}-table` }}
          />
        </Box>
      )}
      <div>
        {phone && pickAll && (
          <FormControlLabel control={pickAll} label={selection.allLabel} sx={{ mb: 1, ml: 0 }} />
        )}
        {phone ? (
          <RowCards
            id={`${searchId}-table`}
            label={label}
            rows={visible}
            columns={columns}
            rowKey={rowKey}
            actions={actions}
            loading={loading}
            emptyContent={emptyContent}
            pickOne={selection && pickOne}
            rowSx={rowSx}
          />
        ) : (
          <TableScroll label={label}>
            <Table
              id={`${searchId}-table`}
              size="small"
              aria-label={label}
              aria-busy={loading || undefined}
              sx={{ minWidth }}
            >
              <TableHead>
                <TableRow>
                  {pickAll && <TableCell padding="checkbox">{pickAll}</TableCell>}
                  {columns.map((column) => {
                    const sortable = clientMode && column.sortable !== false;
                    const active = sortable && sort?.key === column.key;
                    const direction = active && sort ? sort.direction : 'asc';
                    return (
                      <TableCell
                        key={column.key}
                        sx={{
                          fontWeight: 700,
                          whiteSpace: 'nowrap',
                          ...hiddenBelow(column.hideBelow),
                        }}
                        aria-sort={
                          active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined
                        }
                      >
                        {sortable ? (
                          <TableSortLabel
                            active={active}
                            direction={direction}
                            onClick={() => toggleSort(column.key)}
                          >
                            {column.label}
                          </TableSortLabel>
                        ) : (
                          column.label
                        )}
                      </TableCell>
                    );
                  })}
                  {hasActions && (
                    <TableCell sx={{ ...stickyEnd, fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {t('components.actions')}
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={columnCount} align="center" sx={{ py: 4 }}>
                      {loading ? (
                        <CircularProgress size={28} aria-label={t('app.loading')} />
                      ) : (
                        (emptyContent ?? t('table.empty'))
                      )}
                    </TableCell>
                  </TableRow>
                ) : (
                  visible.map((row) => (
                    <TableRow
                      key={rowKey(row)}
                      hover
                      selected={selection?.selected.has(rowKey(row))}
                      sx={rowSx?.(row)}
                    >
                      {selection && <TableCell padding="checkbox">{pickOne(row)}</TableCell>}
                      {columns.map((column) => (
                        <TableCell
                          key={column.key}
                          sx={{
                            ...(column.nowrap && { whiteSpace: 'nowrap' }),
                            ...hiddenBelow(column.hideBelow),
                          }}
                        >
                          {column.render ? column.render(row) : (column.value(row) ?? '')}
                        </TableCell>
                      ))}
                      {hasActions && (
                        <TableCell sx={{ ...stickyEnd, whiteSpace: 'nowrap', py: 0.25 }}>
                          {actions?.(row)}
                        </TableCell>
                      )}
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableScroll>
        )}
        <TablePagination
          component="div"
          sx={wrappingPagination}
          count={count}
          page={currentPage}
          rowsPerPage={currentPageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) =>
            serverPaging ? serverPaging.onPageChange(next) : setPage(next)
          }
          onRowsPerPageChange={(event) => {
            const size = Number(event.target.value);
            if (serverPaging) {
              serverPaging.onPageSizeChange(size);
              serverPaging.onPageChange(0);
            } else {
              setPageSize(size);
              setPage(0);
            }
          }}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count: total }) =>
            t('table.displayedRows', { from, to, count: total })
          }
        />
      </div>
    </Stack>
  );
}

type RowCardsProps<T> = Pick<
  DataTableProps<T>,
  'label' | 'rows' | 'columns' | 'rowKey' | 'actions' | 'loading' | 'emptyContent' | 'rowSx'
> & { id: string; pickOne?: ((row: T) => ReactNode) | undefined };

/**
 * A phone's table: one card per row, the first column as the card's title and every other
 * column as a label–value pair, the row's buttons at the bottom. Nothing scrolls sideways.
 */
function RowCards<T>({
  id,
  label,
  rows,
  columns,
  rowKey,
  actions,
  loading,
  emptyContent,
  pickOne,
  rowSx,
}: RowCardsProps<T>) {
  const { t } = useTranslation();
  const [first, ...rest] = columns;
  const cell = (column: Column<T>, row: T) =>
    column.render ? column.render(row) : (column.value(row) ?? '–');
  if (rows.length === 0) {
    return (
      // The id the search box's aria-controls names, empty or not.
      <Paper
        id={id}
        variant="outlined"
        sx={{ py: 4, textAlign: 'center' }}
        aria-busy={loading || undefined}
      >
        {loading ? (
          <CircularProgress size={28} aria-label={t('app.loading')} />
        ) : (
          (emptyContent ?? t('table.empty'))
        )}
      </Paper>
    );
  }
  return (
    <Stack
      component="ul"
      id={id}
      aria-label={label}
      spacing={1}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {rows.map((row) => {
        const pick = pickOne?.(row);
        return (
          <Paper
            component="li"
            variant="outlined"
            key={rowKey(row)}
            sx={[{ px: 2, py: 1.5 }, ...sxList(rowSx?.(row))]}
          >
            {first && (
              <Stack direction="row" sx={{ alignItems: 'center', ml: pick ? -1.5 : 0 }}>
                {pick}
                <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {cell(first, row)}
                </Typography>
              </Stack>
            )}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'minmax(6rem, auto) 1fr',
                columnGap: 1.5,
                rowGap: 0.5,
                m: 0,
                typography: 'body2',
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, overflowWrap: 'anywhere' },
              }}
            >
              {rest.map((column) => (
                <Fragment key={column.key}>
                  <dt>{column.label}</dt>
                  <dd>{cell(column, row)}</dd>
                </Fragment>
              ))}
            </Box>
            {actions && (
              <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, ml: -1 }}>
                {actions(row)}
              </Stack>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** An sx value as a list, to follow a component's own (MUI's way of merging sx). */
const sxList = (sx: SxProps<Theme> | undefined) => (Array.isArray(sx) ? sx : [sx]);

/** The pencil of a row (spec 000 §4), which opens the row's edit dialog. */
export function EditIconButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
