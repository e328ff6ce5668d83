import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFY_KINDS, type NotifyKind } from '@vahti/domain';

/**
 * What one unsubscribe link turns off, and nothing else: the alarm mail of one kind, every
 * alarm mail (a digest's link), escalation mail, or one scheduled report (its id: the user
 * leaves its recipients).
 */
export type Unsubscribe =
  | { kind: NotifyKind }
  | { email: 'all' }
  | { escalations: false }
  | { report: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A link stays usable this long: longer than a mail sits unread, short of forever. */
export const UNSUBSCRIBE_VALID_MS = 90 * 24 * 60 * 60_000;

interface Claims {
  /** purpose: this key signs nothing else, and a token of another purpose never verifies. */
  p: 'unsubscribe';
  u: string;
  w: string;
  e: number;
}

const encode = (what: Unsubscribe) =>
  'kind' in what
    ? `kind:${what.kind}`
    : 'report' in what
      ? `report:${what.report}`
      : 'email' in what
        ? 'email'
        : 'escalations';
function decode(w: string): Unsubscribe | null {
  if (w === 'email') return { email: 'all' };
  if (w === 'escalations') return { escalations: false };
  const report = w.startsWith('report:') ? w.slice(7) : '';
  if (UUID.test(report)) return { report };
  const kind = w.startsWith('kind:') ? w.slice(5) : '';
  return (NOTIFY_KINDS as readonly string[]).includes(kind) ? { kind: kind as NotifyKind } : null;
}

/**
 * Signed single-purpose tokens of the unsubscribe links (HMAC-SHA256 with a key derived from the
 * server secret for this purpose only): the payload names the user, what the link turns off and
 * until when; changing any of it breaks the signature. Nothing is stored.
 */
export function createUnsubscribeTokens(secret: string, now: () => Date = () => new Date()) {
  const key = createHmac('sha256', secret).update('vahti unsubscribe link v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    create(userId: string, what: Unsubscribe): string {
      const claims: Claims = {
        p: 'unsubscribe',
        u: userId,
        w: encode(what),
        e: now().getTime() + UNSUBSCRIBE_VALID_MS,
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },

    /** The user and what to turn off, or null for a token that is not one of ours or expired. */
    verify(token: string): { userId: string; what: Unsubscribe } | null {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: Partial<Claims>;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
      } catch {
        return null;
      }
      if (claims.p !== 'unsubscribe' || typeof claims.u !== 'string') return null;
      if (typeof claims.e !== 'number' || claims.e < now().getTime()) return null;
      const what = decode(String(claims.w));
      return what ? { userId: claims.u, what } : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

/**
 * The link of a mail that turns `what` off without signing in, and the mail's RFC 8058
 * one-click headers (RFC 2369 List-Unsubscribe) pointing at it.
 */
export function unsubscribeLink(
  tokens: UnsubscribeTokens,
  publicUrl: string,
  userId: string,
  what: Unsubscribe,
) {
  const url = `${publicUrl}/api/unsubscribe?token=${tokens.create(userId, what)}`;
  return {
    url,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
