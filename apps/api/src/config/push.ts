import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** Web Push (VAPID, RFC 8292): the key pair, who to contact, and which push services we send to. */
export interface PushConfig {
  /** The application server key, base64url (an uncompressed P-256 point): browsers subscribe with it. */
  vapidPublicKey: string;
  /** Never logged or answered. */
  vapidPrivateKey: string;
  /** A mailto: or https: URL the push service can reach the operator by. */
  vapidSubject: string;
}

/**
 * The push services a subscription's endpoint may point at (SSRF: the endpoint is a URL the
 * browser chose, so a caller could name any host). These are the browsers' own: Chrome/Edge on
 * Android and desktop (FCM), Firefox (Mozilla autopush), Safari (Apple), Edge/Windows (WNS).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

/** Whether `host` is one of `allowed` (`*.example.com`: any subdomain of it; `*`: any host). */
export function pushHostAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((entry) =>
    entry === '*' ? true : entry.startsWith('*.') ? name.endsWith(entry.slice(1)) : name === entry,
  );
}

/**
 * The VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (both or neither); else,
 * embedded, a pair made once and kept in DATA_DIR/vapid-keys.json (mode 0600) so that browsers'
 * subscriptions outlive a restart; else (PostgreSQL without keys) null: push is off and the
 * server says so once at start. Returns an error text for a bad combination.
 */
export function pushConfig(
  env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string },
  { dataDir, embedded, mailFrom }: { dataDir: string; embedded: boolean; mailFrom: string },
): PushConfig | null | string {
  const subject = env.VAPID_SUBJECT ?? `mailto:${mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom}`;
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) {
      return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither (npx web-push generate-vapid-keys)';
    }
    return {
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      vapidSubject: subject,
    };
  }
  if (!embedded) return null;
  const file = path.join(dataDir, 'vapid-keys.json');
  let keys: { publicKey: string; privateKey: string };
  try {
    keys = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    mkdirSync(dataDir, { recursive: true });
    keys = webpush.generateVAPIDKeys();
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  }
  return {
    vapidPublicKey: keys.publicKey,
    vapidPrivateKey: keys.privateKey,
    vapidSubject: subject,
  };
}
