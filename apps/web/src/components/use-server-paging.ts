import { useEffect, useState } from 'react';

/** The page a server-paged list shows; `page` is 0-based, as the table counts. */
export interface PageState {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** A list the server searches: the search box's text and its change (back to the first page). */
  search?: { value: string; onChange: (value: string) => void };
}

/** Waits this long after the last key before the server is asked. */
const SEARCH_DELAY_MS = 300;

/** Paging state for a list that the server pages (outbox, audit log): the query follows it. */
export function useServerPaging(defaultPageSize: number): PageState {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  return { page, pageSize, onPageChange: setPage, onPageSizeChange: setPageSize };
}

/**
 * Paging and a search box for a list the server searches: `query` is the text to send, settled
 * a moment after typing stops, so each key does not cost a call.
 */
export function useServerSearch(defaultPageSize: number): PageState & { query: string } {
  const paging = useServerPaging(defaultPageSize);
  const [value, setValue] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(value.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return {
    ...paging,
    query,
    search: {
      value,
      onChange: (next) => {
        setValue(next);
        paging.onPageChange(0);
      },
    },
  };
}
