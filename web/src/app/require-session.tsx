import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getLogoutReason, useSession } from '../lib/session';
import { useLangPath } from '../lib/use-lang';

/** The signed-in area: without a stored session, go to login (saying why, if we know). */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const to = useLangPath();
  if (!session) return <Navigate to={to('login')} replace state={{ reason: getLogoutReason() }} />;
  return children;
}
