import { queryOptions, useQuery } from '@tanstack/react-query';
import { questionGroupsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** GET /api/tieto/questiongroups */
export function questionGroupsQueryOptions() {
  return queryOptions({
    queryKey: surveysKeys.groups(),
    queryFn: ({ signal }) =>
      apiRequest('/api/tieto/questiongroups', { schema: questionGroupsResponse, signal }),
    select: (data) => data.groups,
  });
}

export const useQuestionGroups = () => useQuery(questionGroupsQueryOptions());
