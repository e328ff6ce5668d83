import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateDiscussionBody,
  type DiscussionResponse,
  type DiscussionsResponse,
  discussionModeratorsResponse,
  discussionResponse,
  discussionsResponse,
  type FollowBody,
  followResponse,
  type UpdateDiscussionBody,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/** GET /api/tieto/discussions-by-targets?targetId=: a target's discussions, newest first. */
export function getTargetDiscussions(
  targetId: string,
  openOnly: boolean,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<DiscussionsResponse> {
  const query = new URLSearchParams({
    targetId,
    page: String(page + 1),
    pageSize: String(pageSize),
    ...(openOnly && { discussionState: 'Aktiivinen' }),
  });
  return apiRequest(`/api/tieto/discussions-by-targets?${query}`, {
    schema: discussionsResponse,
    signal,
  });
}

/**
 * The discussions of the active target (the open ones, or all), one page (0-based); nothing
 * until a target is known.
 */
export function useTargetDiscussions(
  targetId: string | null,
  openOnly: boolean,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: discussionsKeys.byTarget(targetId ?? '', openOnly, page, pageSize),
    queryFn: ({ signal }) => getTargetDiscussions(targetId ?? '', openOnly, page, pageSize, signal),
    enabled: Boolean(targetId),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/tieto/discussions: every discussion the caller manages, one page (0-based). */
export function useManagedDiscussions(page: number, pageSize: number) {
  return useQuery({
    queryKey: discussionsKeys.managed(page, pageSize),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page + 1), pageSize: String(pageSize) });
      return apiRequest(`/api/tieto/discussions?${query}`, { schema: discussionsResponse, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/tieto/discussion/id?discussionId= */
export function useDiscussion(discussionId: string) {
  return useQuery({
    queryKey: discussionsKeys.one(discussionId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tieto/discussion/id?${new URLSearchParams({ discussionId })}`, {
        schema: discussionResponse,
        signal,
      }),
    enabled: Boolean(discussionId),
    select: (data) => data.discussion,
  });
}

/** GET /api/tieto/discussion-moderators: who may moderate (the organization's users). */
export function useModerators(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: discussionsKeys.moderators(organizationId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/tieto/discussion-moderators?${new URLSearchParams({ organizationId: organizationId ?? '' })}`,
        { schema: discussionModeratorsResponse, signal },
      ),
    enabled: Boolean(organizationId),
    select: (data) => data.users,
  });
}

/** POST /api/tieto/discussion/ */
export function useCreateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDiscussionBody): Promise<DiscussionResponse> =>
      apiRequest('/api/tieto/discussion', { method: 'POST', body, schema: discussionResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionsKeys.all }),
  });
}

/** PATCH /api/tieto/discussion */
export function useUpdateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDiscussionBody): Promise<DiscussionResponse> =>
      apiRequest('/api/tieto/discussion', { method: 'PATCH', body, schema: discussionResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionsKeys.all }),
  });
}

/** GET /api/tieto/discussion/follow: whether the user gets mail about new comments. */
export function useFollowing(discussionId: string) {
  return useQuery({
    queryKey: discussionsKeys.following(discussionId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tieto/discussion/follow?${new URLSearchParams({ discussionId })}`, {
        schema: followResponse,
        signal,
      }),
    enabled: Boolean(discussionId),
    select: (data) => data.following,
  });
}

/** PUT /api/tieto/discussion/follow */
export function useSetFollowing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FollowBody) =>
      apiRequest('/api/tieto/discussion/follow', { method: 'PUT', body, schema: followResponse }),
    // The answer is the saved state: no refetch, so the switch never flickers back.
    onSuccess: (response, body) =>
      queryClient.setQueryData(discussionsKeys.following(body.discussionId), response),
  });
}
