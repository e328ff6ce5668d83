import { useQuery } from '@tanstack/react-query';
import { queryQuestionsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** GET /api/tieto/query-questions/: a survey's questions, section by section (the preview). */
export function useQueryQuestions(queryId: string) {
  return useQuery({
    queryKey: surveysKeys.questionsOf(queryId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tieto/query-questions?${new URLSearchParams({ queryId })}`, {
        schema: queryQuestionsResponse,
        signal,
      }),
    select: (data) => data.questions,
    enabled: Boolean(queryId),
  });
}
