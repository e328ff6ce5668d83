import { can, type Section } from '@vahti/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingFallback } from '@/components/loading-fallback';
import { loginPathFor } from '@/lib/redirect';
import { type Session, toActor, useSession } from '@/lib/session';
import type { Access } from './screens';

/** Where a visitor without a session goes: back here after signing in, unless they logged out. */
function LoginRedirect({ session }: { session: Session }) {
  const { pathname, search } = useLocation();
  const to = session.endedBy === 'logout' ? '/login' : loginPathFor(`${pathname}${search}`);
  return <Navigate to={to} replace />;
}

/** Screens for any signed-in user (/main, /edit-user-information). */
export function RequireAuth() {
  const session = useSession();
  if (session.status === 'unverified') return <LoadingFallback />;
  if (session.status === 'anonymous') return <LoginRedirect session={session} />;
  return <Outlet />;
}

/** An application area: signed in and holding the application's permission (spec 000 §2). */
export function RequireSection({ section }: { section: Section }) {
  const session = useSession();
  if (session.status === 'unverified') return <LoadingFallback />;
  const actor = toActor(session);
  if (!actor) return <LoginRedirect session={session} />;
  if (!can(actor, { do: 'openSection', section })) return <Navigate to="/not-found" replace />;
  return <Outlet />;
}

/**
 * A screen of an area that only some roles may open (see screens.ts); others get not-found,
 * as for a missing section permission. Sits inside RequireSection, so the session is known.
 */
export function RequireAccess({ access }: { access: Access }) {
  const actor = toActor(useSession());
  if (!actor) return null;
  if (!access(actor)) return <Navigate to="/not-found" replace />;
  return <Outlet />;
}
