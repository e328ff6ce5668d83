import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type OutboxQuery, type OutboxResponse, outboxResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

export const outboxKeys = {
  all: ['outbox'] as const,
  page: (params: OutboxQuery) => [...outboxKeys.all, params] as const,
};

/** GET /api/admin/outbox: the mails the server sent or kept (Pääylläpitäjä only), newest first. */
export function getOutbox(
  { page, pageSize }: OutboxQuery,
  signal?: AbortSignal,
): Promise<OutboxResponse> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiRequest(`/api/admin/outbox?${query}`, { schema: outboxResponse, signal });
}

export function outboxQueryOptions(params: OutboxQuery) {
  return queryOptions({
    queryKey: outboxKeys.page(params),
    queryFn: ({ signal }) => getOutbox(params, signal),
    select: (data) => ({ rows: data.mails, total: data.total }),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(params: OutboxQuery) {
  return useQuery(outboxQueryOptions(params));
}
