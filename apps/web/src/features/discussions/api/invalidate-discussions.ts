import { useQueryClient } from '@tanstack/react-query';
import { discussionsKeys } from './discussion-keys';

/** Any write to comments: the discussion's comments, counts and replies refetch. */
export function useInvalidateDiscussions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: discussionsKeys.all });
}
