import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { alarmsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { alarmKeys } from './alarm-keys';

/** The list's filters as the query string keeps them (spec 001 §2 Vainu 7). */
export interface AlarmFilters {
  tid: string[];
  sd: string;
  ed: string;
  /** '0': unacknowledged only, '1': acknowledged only, '': both. */
  st: '' | '0' | '1';
  /** '1': active only, '0': ended only, '': both. */
  ac: '' | '0' | '1';
}

/**
 * GET /api/alarms with the filters and the page (0-based here, 1-based on the server): one page
 * of the work queue, and the counts per state.
 */
export function useAlarms(filters: AlarmFilters, page: number, pageSize: number) {
  const query = new URLSearchParams();
  if (filters.tid.length) query.set('tid', filters.tid.join(','));
  if (filters.sd) query.set('sd', filters.sd);
  if (filters.ed) query.set('ed', filters.ed);
  if (filters.st) query.set('st', filters.st);
  if (filters.ac) query.set('ac', filters.ac);
  query.set('page', String(page + 1));
  query.set('pageSize', String(pageSize));
  const search = query.toString();
  return useQuery({
    queryKey: alarmKeys.list(search),
    queryFn: ({ signal }) =>
      apiRequest(`/api/alarms?${search}`, { schema: alarmsResponse, signal }),
    select: (data) => ({ rows: data.alarms, total: data.total, counts: data.counts }),
    placeholderData: keepPreviousData,
  });
}
