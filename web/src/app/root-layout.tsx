import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { setUnauthorizedListener } from '../lib/api-client';
import { i18n } from '../lib/i18n';
import { notifyError } from '../lib/notify';
import { clearQueryCache } from '../lib/query-cache';
import { clearSession, getSession } from '../lib/session';
import { UpdatePrompt } from './update-prompt';

/**
 * A 401 anywhere (session expired, revoked by a password change, account deactivated) clears
 * the stored session; the route guard then sends the user to the login screen.
 */
export function RootLayout() {
  useEffect(() => {
    setUnauthorizedListener((error) => {
      if (!getSession()) return;
      clearSession('expired');
      clearQueryCache();
      // A stored token the server no longer knows (revoked, idle) is an expired session to the user.
      notifyError(error.code === 'UNAUTHENTICATED' ? i18n.t('errors:SESSION_EXPIRED') : error.message);
    });
  }, []);

  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <UpdatePrompt />
    </>
  );
}
