import { useMutation } from '@tanstack/react-query';
import {
  type AddUserTargetsBody,
  type UserTargetsResponse,
  userTargetsResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateLinks } from './invalidate-user-target-links';

/** POST /api/user-targets: links the user to the targets (existing links stay). */
export function addUserTargets(body: AddUserTargetsBody): Promise<UserTargetsResponse> {
  return apiRequest('/api/user-targets', { method: 'POST', body, schema: userTargetsResponse });
}

export function useAddUserTargets() {
  const invalidate = useInvalidateLinks();
  return useMutation({ mutationFn: addUserTargets, onSuccess: invalidate });
}
