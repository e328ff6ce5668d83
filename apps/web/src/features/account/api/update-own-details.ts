import { useMutation } from '@tanstack/react-query';
import {
  type UpdateOwnDetailsBody,
  type UpdateOwnDetailsResponse,
  updateOwnDetailsResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { updateSession } from '@/lib/session';

/** PATCH /api/users-own: the signed-in user's own name, phone and job title. */
export function updateOwnDetails(body: UpdateOwnDetailsBody): Promise<UpdateOwnDetailsResponse> {
  return apiRequest('/api/users-own', {
    method: 'PATCH',
    body,
    schema: updateOwnDetailsResponse,
  });
}

/** The session's user is replaced with the saved one, so every screen shows the new details. */
export function useUpdateOwnDetails() {
  return useMutation({
    mutationFn: updateOwnDetails,
    onSuccess: ({ user }) => updateSession({ user }),
  });
}
