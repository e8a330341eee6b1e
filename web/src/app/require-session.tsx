import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getLogoutReason, useSession } from '../lib/session';
import { useLangPath } from '../lib/use-lang';

/**
 * The signed-in area: without a stored session, go to login (saying why, if we know). A link
 * opened while signed out (or a session that ended by itself) is kept, so that sign-in returns
 * there; after an explicit logout the next user starts from home.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const to = useLangPath();
  const location = useLocation();
  if (!session) {
    const reason = getLogoutReason();
    const from = reason === 'logout' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to={to('login')} replace state={{ reason, from }} />;
  }
  return children;
}
