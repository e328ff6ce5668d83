import {
  type Action,
  type Actor,
  allowedSections,
  can,
  type Permission,
  parsePermissions,
  type SessionUser,
  sessionUser,
} from '@vahti/domain';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

const STORAGE_KEY = 'vahti.session';

/**
 * `unverified`: a token restored from storage that the API has not yet confirmed this page load
 * (GET /api/auth); protected screens wait for it. `verified`: confirmed or just signed in.
 */
export type SessionStatus = 'anonymous' | 'unverified' | 'verified';

/** Why the last session ended; the login screen tells the user when it expired. */
export type SignOutReason = 'logout' | 'expired';

export interface Session {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  /** The user's application permissions, parsed once from the "1,2,4" wire string. */
  permissions: Permission[];
  endedBy: SignOutReason | null;
}

const storedSession = z.object({ token: z.string().min(1), user: sessionUser });
type StoredSession = z.infer<typeof storedSession>;

const anonymous = (endedBy: SignOutReason | null): Session => ({
  status: 'anonymous',
  token: null,
  user: null,
  permissions: [],
  endedBy,
});

const fromStored = (stored: StoredSession, status: SessionStatus): Session => ({
  status,
  token: stored.token,
  user: stored.user,
  permissions: parsePermissions(stored.user.userPermissions),
  endedBy: null,
});

function readStorage(): StoredSession | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = storedSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage may be blocked (private mode) or hold garbage: treat as signed out.
    return null;
  }
}

function writeStorage(stored: StoredSession | null) {
  try {
    if (stored) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Without storage the session simply lasts until the page is closed.
  }
}

const initial = readStorage();
let state: Session = initial ? fromStored(initial, 'unverified') : anonymous(null);
const listeners = new Set<() => void>();

function setState(next: Session) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this tab too. (No window when the build renders the
// login card, see src/login-card.tsx.)
globalThis.window?.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  const stored = readStorage();
  if (!stored) {
    if (state.status !== 'anonymous') setState(anonymous('logout'));
  } else {
    // A new token was issued by a sign-in in the other tab; the same token keeps its status.
    setState(fromStored(stored, stored.token === state.token ? state.status : 'verified'));
  }
});

export function getSession(): Session {
  return state;
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/**
 * Whether the signed-in user may do `action` (false when signed out). The API decides; screens
 * use this only to hide what would be refused.
 */
export function useCan(action: Action): boolean {
  const actor = toActor(useSession());
  return actor !== null && can(actor, action);
}

/**
 * Whether the user has applications to choose between. With one, /main goes straight back to it,
 * so a "Sovellukset" link would lead nowhere.
 */
export function useChoosesApplication(): boolean {
  const actor = toActor(useSession());
  return actor !== null && allowedSections(actor).length > 1;
}

/** Stores a confirmed session (after sign-in or a successful GET /api/auth). */
export function signIn({ token, user }: { token: string; user: SessionUser }) {
  const stored = { token, user };
  writeStorage(stored);
  setState(fromStored(stored, 'verified'));
}

/**
 * Replaces the token and/or the user of the current session and keeps it signed in: a password
 * change answers with a new token (the server revoked the old ones), an own-details save with the
 * updated user.
 */
export function updateSession(changes: { token?: string; user?: SessionUser }) {
  const { token, user } = state;
  if (!token || !user) return;
  signIn({ token: changes.token ?? token, user: changes.user ?? user });
}

/** Forgets the token and the user; the caller clears cached server data. */
export function signOut(reason: SignOutReason = 'logout') {
  writeStorage(null);
  setState(anonymous(reason));
}

/**
 * The login screen calls this once a logout has brought the user there, so that a protected link
 * opened later in this tab again comes back to its target after signing in. An expiry is kept:
 * the login screen shows it until the next sign-in.
 */
export function forgetLogout() {
  if (state.status === 'anonymous' && state.endedBy === 'logout') setState(anonymous(null));
}

/** Trusts a restored session the API could not be asked about (offline, API restarting). */
export function confirmSession() {
  if (state.status === 'unverified') setState({ ...state, status: 'verified' });
}

/** The user as the domain policy (`can`, `allowedSections`) sees them. */
export function toActor(session: Session): Actor | null {
  if (!session.user) return null;
  return {
    userRoles: session.user.userRoles,
    userPermissions: session.permissions,
    organizationId: session.user.userOrganization,
  };
}
