import { createBrowserRouter, matchPath, Navigate } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { lazyNamed, type LazyScreen } from '../lib/lazy-named';
import { LangGate, RootRedirect } from './lang-gate';
import { PublicLayout } from './public-layout';
import { QueryScope } from './query-scope';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { GenericScreenRoute, ScreenRoute } from './screen-route';

// Each screen is its own chunk, loaded when first visited (first screen JS budget: 250 KB gz).
const LandingPage = lazyNamed(() => import('../features/landing/components/landing-page'), 'LandingPage', {
  firstScreen: true,
});
const LoginPage = lazyNamed(() => import('../features/auth/components/login-page'), 'LoginPage', {
  firstScreen: true,
});
const AppLayout = lazyNamed(() => import('./app-layout'), 'AppLayout');
const HomePage = lazyNamed(() => import('../features/home/components/home-page'), 'HomePage');
const ShopsPage = lazyNamed(() => import('../features/shops/components/shops-page'), 'ShopsPage');
const DirectorsPage = lazyNamed(() => import('../features/admin/components/directors-page'), 'DirectorsPage');
const AdminsPage = lazyNamed(() => import('../features/admin/components/admins-page'), 'AdminsPage');
const SubscriptionsPage = lazyNamed(() => import('../features/admin/components/subscriptions-page'), 'SubscriptionsPage');
const ShopUsersPage = lazyNamed(() => import('../features/users/components/shop-users-page'), 'ShopUsersPage');
const DepotsPage = lazyNamed(() => import('../features/depots/components/depots-page'), 'DepotsPage');
const DepotUsersPage = lazyNamed(() => import('../features/depot-users/components/depot-users-page'), 'DepotUsersPage');
const ClientChannelsPage = lazyNamed(
  () => import('../features/client-channels/components/client-channels-page'),
  'ClientChannelsPage',
);
const CategoriesPage = lazyNamed(() => import('../features/categories/components/categories-page'), 'CategoriesPage');
const ArticlesPage = lazyNamed(() => import('../features/articles/components/articles-page'), 'ArticlesPage');
const ClientsPage = lazyNamed(() => import('../features/shop-clients/components/clients-page'), 'ClientsPage');
const InvoiceTypesPage = lazyNamed(() => import('../features/invoice-types/components/invoice-types-page'), 'InvoiceTypesPage');
const InvoicesPage = lazyNamed(() => import('./pages/invoices-screen'), 'InvoicesScreen');
const cashDesk = () => import('../features/cash-desk/components/invoice-list-pages');
const UnsettledInvoicesPage = lazyNamed(cashDesk, 'UnsettledInvoicesPage');
const SettledInvoicesPage = lazyNamed(cashDesk, 'SettledInvoicesPage');
const InvoicesToDeliverPage = lazyNamed(cashDesk, 'InvoicesToDeliverPage');
const PaymentsPage = lazyNamed(() => import('../features/cash-desk/components/payments-page'), 'PaymentsPage');
const DeliveriesPage = lazyNamed(() => import('../features/cash-desk/components/deliveries-page'), 'DeliveriesPage');
const CashRegistersPage = lazyNamed(() => import('../features/cash-desk/components/cash-registers-page'), 'CashRegistersPage');
const CashierSalesPage = lazyNamed(() => import('./pages/cashier-sales-page'), 'CashierSalesPage');
const BestClientsPage = lazyNamed(() => import('../features/cash-desk/components/best-clients-page'), 'BestClientsPage');
const ReportPage = lazyNamed(() => import('../features/reports/components/report-page'), 'ReportPage');
const ClosingPage = lazyNamed(() => import('../features/closings/components/closing-page'), 'ClosingPage');
// The till (issue 19 item 4): its own chunk; the camera scanner is a further one inside it.
const TillPage = lazyNamed(() => import('../features/till/components/till-page'), 'TillPage');
// What the server did with offline sales (issue 20): discrepancies, late sales, changed prices.
const StockDiscrepanciesPage = lazyNamed(
  () => import('../features/stock-discrepancies/components/stock-discrepancies-page'),
  'StockDiscrepanciesPage',
);
const CreditNotesPage = lazyNamed(() => import('../features/credit-notes/components/credit-notes-page'), 'CreditNotesPage');
const DocumentControlPage = lazyNamed(
  () => import('../features/document-control/components/document-control-page'),
  'DocumentControlPage',
);
// The public verification page of an issued document's QR code (issue 21): no sign-in.
const VerificationPage = lazyNamed(() => import('../features/verification/components/verification-page'), 'VerificationPage');
const AuditPage = lazyNamed(() => import('../features/audit/components/audit-page'), 'AuditPage');
// Stock lists, movements and counts (issue 8): one chunk for the stock screens.
const AllStockPage = lazyNamed(() => import('../features/stock/components/stock-page'), 'AllStockPage');
const InStockPage = lazyNamed(() => import('../features/stock/components/stock-page'), 'InStockPage');
const SoldOutPage = lazyNamed(() => import('../features/stock/components/stock-page'), 'SoldOutPage');
const FilteredStockPage = lazyNamed(() => import('../features/stock/components/stock-page'), 'FilteredStockPage');
const MovementsPage = lazyNamed(() => import('../features/stock/components/movements-page'), 'MovementsPage');
const StockCountPage = lazyNamed(() => import('../features/stock/components/stock-count-page'), 'StockCountPage');
const SuppliersPage = lazyNamed(() => import('../features/suppliers/components/suppliers-page'), 'SuppliersPage');
const DriversPage = lazyNamed(() => import('../features/drivers/components/drivers-page'), 'DriversPage');
const ReceptionsPage = lazyNamed(() => import('../features/receptions/components/receptions-page'), 'ReceptionsPage');
const RegisterPage = lazyNamed(() => import('../features/registration/components/register-page'), 'RegisterPage');
const ForgetPasswordPage = lazyNamed(
  () => import('../features/password-reset/components/forget-password-page'),
  'ForgetPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/password-reset/components/reset-password-page'),
  'ResetPasswordPage',
);
const S2asportRegisterPage = lazyNamed(
  () => import('../features/public-clients/components/client-register-page'),
  'S2asportRegisterPage',
);
const WinRegisterPage = lazyNamed(() => import('../features/public-clients/components/client-register-page'), 'WinRegisterPage');

/** Built screens of the signed-in area: path of common/src/screens.ts → page. */
const SCREEN_PAGES = [
  { path: 'vente', Page: TillPage },
  { path: 'utilisateur-directeur', Page: DirectorsPage },
  { path: 'utilisateur-admin', Page: AdminsPage },
  { path: 'utilisateur-activatedirecteur', Page: SubscriptionsPage },
  { path: 'utilisateur-boutique', Page: ShopUsersPage },
  { path: 'depot', Page: DepotsPage },
  { path: 'depot-user', Page: DepotUsersPage },
  { path: 'canaux-clients', Page: ClientChannelsPage },
  { path: 'articlesPaginate', Page: AllStockPage },
  { path: 'article-quantite-stock', Page: InStockPage },
  { path: 'article-quantite-sortie', Page: SoldOutPage },
  { path: 'article-categorie', Page: FilteredStockPage },
  { path: 'mouvement-articles', Page: MovementsPage },
  { path: 'inventaire', Page: StockCountPage },
  { path: 'fournisseur', Page: SuppliersPage },
  { path: 'chauffeur', Page: DriversPage },
  { path: 'reception', Page: ReceptionsPage },
  { path: 'raport', Page: ReportPage },
  { path: 'categorie', Page: CategoriesPage },
  { path: 'articles', Page: ArticlesPage },
  { path: 'client', Page: ClientsPage },
  { path: 'type-facture', Page: InvoiceTypesPage },
  { path: 'facture', Page: InvoicesPage },
  { path: 'facture-non-solde', Page: UnsettledInvoicesPage },
  { path: 'facture-caissier', Page: CashierSalesPage },
  { path: 'facture-solde', Page: SettledInvoicesPage },
  { path: 'facture-livraison', Page: InvoicesToDeliverPage },
  { path: 'factures-payees', Page: PaymentsPage },
  { path: 'livraison', Page: DeliveriesPage },
  { path: 'caisse', Page: CashRegistersPage },
  { path: 'client-meilleur', Page: BestClientsPage },
  { path: 'cloture-caisse', Page: ClosingPage },
  { path: 'journal-audit', Page: AuditPage },
  { path: 'ecarts', Page: StockDiscrepanciesPage },
  { path: 'avoirs', Page: CreditNotesPage },
  { path: 'controle-documents', Page: DocumentControlPage },
];

/**
 * What the first render of an address shows that is loaded lazily: its screens (nested, outermost
 * first) and the catalogues they read beyond the base ones. main.tsx loads them before the first
 * render (issue 20, Speed): a screen that suspends on its first render shows the page loader, and
 * React keeps a fallback for at least 300 ms, whatever the time the code then takes to arrive.
 * On a first visit the files are already on their way (vite.config.ts, `routePreload`); in the
 * installed app they come from the service worker. A guess that proves wrong (a signed-out user
 * opening the till goes to the login form) only loads files the app would load anyway.
 */
const FIRST_RENDERS: { path: string; screens: LazyScreen<never>[]; namespaces: string[] }[] = [
  { path: '/:lang', screens: [LandingPage], namespaces: ['landing'] },
  { path: '/:lang/login', screens: [LoginPage], namespaces: ['auth'] },
  { path: '/:lang/app/vente', screens: [AppLayout, TillPage], namespaces: ['till', 'cash-desk', 'invoices'] },
];

/** The lazy parts of the first render of `pathname` (see FIRST_RENDERS); never rejects. */
export function firstRender(pathname: string): { namespaces: string[]; screens: Promise<unknown> } {
  const found = FIRST_RENDERS.find(({ path }) => matchPath(path, pathname));
  if (!found) return { namespaces: [], screens: Promise.resolve() };
  // A failed download is the screen's to report when it renders (it tries again).
  return { namespaces: found.namespaces, screens: Promise.all(found.screens.map((screen) => screen.preload())).catch(() => undefined) };
}

/**
 * Seed 000 §2 route table. Everything lives under `/{lang}/`; login, register and forgot
 * password have no top menu; `app/*` needs a session and each screen checks the user's roles.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      // No raw framework error page anywhere (a screen that cannot be downloaded offline included).
      errorElement: <RouteErrorPage />,
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
              ],
            },
            { path: 'login', element: <LoginPage /> },
            // Every screen but the landing page and the sign-in form reads through the query client.
            {
              element: <QueryScope />,
              children: [
                // The client sign-up pages carry the channel shop's header, not the product's.
                { path: 'registers2asport', element: <S2asportRegisterPage /> },
                { path: 'registerwin', element: <WinRegisterPage /> },
                { path: 'verifier/:code', element: <VerificationPage /> },
                { path: 'register', element: <RegisterPage /> },
                { path: 'ForgetPass', element: <ForgetPasswordPage /> },
                { path: 'reset-password', element: <ResetPasswordPage /> },
                {
                  path: 'app',
                  element: (
                    <RequireSession>
                      <AppLayout />
                    </RequireSession>
                  ),
                  errorElement: <RouteErrorPage />,
                  // A screen that fails shows its message inside the app's frame: the menu stays usable.
                  children: [
                    {
                      errorElement: <RouteErrorPage />,
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
                        ...SCREEN_PAGES.map(({ path, Page }) => ({
                          path,
                          element: (
                            <ScreenRoute path={path}>
                              <Page />
                            </ScreenRoute>
                          ),
                        })),
                        { path: ':screen', element: <GenericScreenRoute /> },
                        { path: '*', element: <NotFoundPage home="app/accueil" /> },
                      ],
                    },
                  ],
                },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
