import type { Actor } from '@vahti/domain';

/**
 * The signed-in caller as every service sees it: identity, role, permissions and tenant, read
 * fresh per request by the auth plugin. Services hand it to `authorize` to get a `Scope`.
 */
export interface Caller extends Actor {
  userId: string;
  /** For the audit log: who did it, in words that outlive the user row. */
  userEmail: string;
}
