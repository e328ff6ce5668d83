import { useMutation } from '@tanstack/react-query';
import { type CodecTestBody, codecTestResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** POST /api/device-types/codec-test: a codec tried on one payload; stores nothing. */
export const useTestCodec = () =>
  useMutation({
    mutationFn: (body: CodecTestBody) =>
      apiRequest('/api/device-types/codec-test', {
        method: 'POST',
        body,
        schema: codecTestResponse,
      }),
  });
