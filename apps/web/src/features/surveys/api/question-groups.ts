import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateQuestionGroupBody,
  questionGroupResponse,
  questionGroupsResponse,
  type UpdateQuestionGroupBody,
} from '@vahti/domain';
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

function useSaveGroup<T>(method: 'POST' | 'PATCH') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      apiRequest('/api/tieto/questiongroup', { method, body, schema: questionGroupResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}

/** POST /api/tieto/questiongroup */
export const useCreateQuestionGroup = () => useSaveGroup<CreateQuestionGroupBody>('POST');
/** PATCH /api/tieto/questiongroup */
export const useUpdateQuestionGroup = () => useSaveGroup<UpdateQuestionGroupBody>('PATCH');
