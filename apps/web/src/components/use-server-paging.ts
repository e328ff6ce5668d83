import { useState } from 'react';

/** The page a server-paged list shows; `page` is 0-based, as the table counts. */
export interface PageState {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** Paging state for a list that the server pages (outbox, audit log): the query follows it. */
export function useServerPaging(defaultPageSize: number): PageState {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  return { page, pageSize, onPageChange: setPage, onPageSizeChange: setPageSize };
}
