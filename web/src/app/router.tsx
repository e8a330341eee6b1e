import { createBrowserRouter, Navigate } from 'react-router';
import { ComingSoonPage } from '../components/coming-soon-page';
import { NotFoundPage } from '../components/not-found-page';
import { lazyNamed } from '../lib/lazy-named';
import { LangGate, RootRedirect } from './lang-gate';
import { PublicLayout } from './public-layout';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { GenericScreenRoute, ScreenRoute } from './screen-route';

// Each screen is its own chunk, loaded when first visited (first screen JS budget: 250 KB gz).
const LandingPage = lazyNamed(() => import('../features/landing/components/landing-page'), 'LandingPage');
const LoginPage = lazyNamed(() => import('../features/auth/components/login-page'), 'LoginPage');
const AppLayout = lazyNamed(() => import('./app-layout'), 'AppLayout');
const HomePage = lazyNamed(() => import('../features/home/components/home-page'), 'HomePage');
const ShopsPage = lazyNamed(() => import('../features/shops/components/shops-page'), 'ShopsPage');

/**
 * Seed 000 §2 route table. Everything lives under `/{lang}/`; login, register and forgot
 * password have no top menu; `app/*` needs a session and each screen checks the user's roles.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <RootRedirect /> },
        {
          path: '/:lang',
          element: <LangGate />,
          children: [
            {
              element: <PublicLayout />,
              children: [
                { index: true, element: <LandingPage /> },
                { path: 'nav', element: <Navigate to=".." replace /> },
                { path: 'registers2asport', element: <ComingSoonPage titleKey="auth:clientRegister.title" /> },
                { path: 'registerwin', element: <ComingSoonPage titleKey="auth:clientRegister.title" /> },
              ],
            },
            { path: 'login', element: <LoginPage /> },
            { path: 'register', element: <ComingSoonPage titleKey="auth:register.title" /> },
            { path: 'ForgetPass', element: <ComingSoonPage titleKey="auth:forgot.title" /> },
            {
              path: 'app',
              element: (
                <RequireSession>
                  <AppLayout />
                </RequireSession>
              ),
              children: [
                { index: true, element: <Navigate to="accueil" replace /> },
                { path: 'firt-page', element: <Navigate to="../accueil" replace /> },
                {
                  path: 'accueil',
                  element: (
                    <ScreenRoute path="accueil">
                      <HomePage />
                    </ScreenRoute>
                  ),
                },
                {
                  path: 'boutique',
                  element: (
                    <ScreenRoute path="boutique">
                      <ShopsPage />
                    </ScreenRoute>
                  ),
                },
                { path: ':screen', element: <GenericScreenRoute /> },
                { path: '*', element: <NotFoundPage home="app/accueil" /> },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
