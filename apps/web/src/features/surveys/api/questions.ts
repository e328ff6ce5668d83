import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateQuestionBody,
  questionResponse,
  questionsResponse,
  type UpdateQuestionBody,
} from '@vahti/domain';
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

function useSaveQuestion<T>(method: 'POST' | 'PATCH') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      apiRequest('/api/tieto/question', { method, body, schema: questionResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}

/** POST /api/tieto/question */
export const useCreateQuestion = () => useSaveQuestion<CreateQuestionBody>('POST');
/** PATCH /api/tieto/question */
export const useUpdateQuestion = () => useSaveQuestion<UpdateQuestionBody>('PATCH');
