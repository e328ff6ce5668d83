import {
  type MessageResponse,
  messageResponse,
  type SendRegistrationCodeBody,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

export interface SendRegistrationCodeInput {
  id: string;
  body: SendRegistrationCodeBody;
}

/** POST /api/registration-codes/{id}/send: mails the code with instructions to the recipients. */
export function sendRegistrationCode({
  id,
  body,
}: SendRegistrationCodeInput): Promise<MessageResponse> {
  return apiRequest(`/api/registration-codes/${encodeURIComponent(id)}/send`, {
    method: 'POST',
    body,
    schema: messageResponse,
  });
}
