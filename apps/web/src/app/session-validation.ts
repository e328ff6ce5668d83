import { useEffect } from 'react';
import { getAuth } from '@/features/auth/api/get-auth';
import { isApiError } from '@/lib/api-client';
import { confirmSession, getSession, signIn, useSession } from '@/lib/session';

/**
 * A token restored from storage is checked once per page load with GET /api/auth. A 401/403 ends
 * the session through the API client; if the API cannot be asked, the stored session stands and
 * the next call decides.
 */
export function useStoredSessionCheck() {
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'unverified') return;
    const { token } = getSession();
    const controller = new AbortController();
    getAuth(controller.signal).then(
      ({ user }) => {
        if (token && getSession().token === token) signIn({ token, user });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const rejected = isApiError(error) && (error.status === 401 || error.status === 403);
        if (!rejected) confirmSession();
      },
    );
    return () => controller.abort();
  }, [status]);
}
