import { queryOptions, useQuery } from '@tanstack/react-query';
import { questionsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** GET /api/tieto/questions */
export function questionsQueryOptions() {
  return queryOptions({
    queryKey: surveysKeys.questions(),
    queryFn: ({ signal }) =>
      apiRequest('/api/tieto/questions', { schema: questionsResponse, signal }),
    select: (data) => data.questions,
  });
}

export const useQuestions = () => useQuery(questionsQueryOptions());
