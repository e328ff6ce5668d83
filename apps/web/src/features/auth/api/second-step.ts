import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  type EnrolTotpBody,
  passkeyOptionsResponse,
  type SecondStepBody,
  signedInResponse,
  totpEnrolmentResponse,
} from '@vahti/domain';
import { apiRequest, errorText, isApiError } from '@/lib/api-client';

/** The calls of sign-in after the password: none of them is a session call (401 = ticket ended). */
const post = <T>(
  path: string,
  body: unknown,
  schema: Parameters<typeof apiRequest<T>>[1]['schema'],
) =>
  apiRequest(path, {
    method: 'POST',
    body,
    schema,
    sessionCall: false,
    rateLimit: 'failedSignIns',
  });

/** The browser's passkey calls, loaded on the first use: not with the login page. */
const webAuthn = () => import('@simplewebauthn/browser');

/** POST /api/login/second-step: a TOTP code or a recovery code. */
export const secondStep = (body: SecondStepBody) =>
  post('/api/login/second-step', body, signedInResponse);

/**
 * A passkey sign-in: the browser's authenticator answers the server's challenge. With a ticket it
 * is the second step; without one, a password-less sign-in.
 */
export async function signInWithPasskey({
  ticket,
  trustBrowser,
}: {
  ticket?: string;
  trustBrowser?: boolean;
}) {
  const { options } = await post('/api/login/passkey-options', { ticket }, passkeyOptionsResponse);
  const { startAuthentication } = await webAuthn();
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return post('/api/login/passkey', { ticket, credential, trustBrowser }, signedInResponse);
}

/** Enrolment at sign-in (the organization requires a second factor). */
export const enrolTotp = (ticket: string) =>
  post('/api/login/enrol-totp', { ticket }, totpEnrolmentResponse);

export const confirmEnrolTotp = (body: EnrolTotpBody) =>
  post('/api/login/enrol-totp/confirm', body, signedInResponse);

export async function enrolPasskey({ ticket, name }: { ticket: string; name: string }) {
  const { options } = await post(
    '/api/login/enrol-passkey-options',
    { ticket },
    passkeyOptionsResponse,
  );
  const { startRegistration } = await webAuthn();
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return post('/api/login/enrol-passkey', { ticket, name, credential }, signedInResponse);
}

/** A passkey prompt the user closed is no error of ours: say so in their words. */
export function passkeyFailure(error: unknown, t: (key: string) => string): string | null {
  if (isApiError(error)) return errorText(error);
  return t('login.passkeyCancelled');
}
