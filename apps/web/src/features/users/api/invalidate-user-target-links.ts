import { useQueryClient } from '@tanstack/react-query';
import { usersKeys } from '@/api/user-keys';
import { userRoleCountsKeys } from '@/api/user-role-count-keys';
import { userTargetsKeys } from './user-target-keys';

/** Links change the user's targets, the users lists (UserTargets) and the per-target counts. */
export function useInvalidateLinks() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: userTargetsKeys.all });
    void queryClient.invalidateQueries({ queryKey: usersKeys.all });
    void queryClient.invalidateQueries({ queryKey: userRoleCountsKeys.all });
  };
}
