import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AuditLogResponse, auditLogResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

export interface AuditLogPage {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
}

export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (params: AuditLogPage) => [...auditLogKeys.all, params] as const,
};

/** GET /api/audit-log (Pääylläpitäjä): who changed what and when, newest first. */
export function getAuditLog(
  { page, pageSize }: AuditLogPage,
  signal?: AbortSignal,
): Promise<AuditLogResponse> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiRequest(`/api/audit-log?${query}`, { schema: auditLogResponse, signal });
}

export function auditLogQueryOptions(params: AuditLogPage) {
  return queryOptions({
    queryKey: auditLogKeys.page(params),
    queryFn: ({ signal }) => getAuditLog(params, signal),
    select: (data) => ({ rows: data.auditLog, total: data.total }),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(params: AuditLogPage) {
  return useQuery(auditLogQueryOptions(params));
}
