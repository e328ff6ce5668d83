import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@vahti/domain';
import { failureOf } from '@/lib/api-client';
import { apiFetch } from '@/lib/api-fetch';
import { feedbackKeys } from './feedback-keys';

const photoUrl = (id: string) => `/api/tieto/feedback-photo?id=${encodeURIComponent(id)}`;

/** GET /api/tieto/feedback-photo: the feedback's photo as a Blob. */
export function useFeedbackPhoto(id: string) {
  return useQuery({
    queryKey: feedbackKeys.photo(id),
    queryFn: async () => {
      const response = await apiFetch(photoUrl(id), 'image/jpeg');
      if (!response.ok) throw await failureOf(response);
      return response.blob();
    },
  });
}

/** PUT /api/tieto/feedback-photo: a JPG on the caller's own feedback (the server checks it). */
async function uploadFeedbackPhoto({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiFetch(photoUrl(id), 'image/jpeg', { method: 'PUT', body: form });
  if (!response.ok) throw await failureOf(response);
  return messageResponse.parse(await response.json());
}

/** Attaching a photo reloads the feedback lists, which say whether one has a photo. */
export function useAttachFeedbackPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFeedbackPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
