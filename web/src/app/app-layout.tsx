import type { Shop } from '@app/common/contracts/shops';
import { Alert, AppShell, Badge, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconBuildingStore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Brand } from '../components/brand';
import { LanguageSwitcher } from '../components/language-switcher';
import { PageLoader } from '../components/page-loader';
import { ShopChoiceDialog } from '../components/shop-choice-dialog';
import { logoutRequest } from '../features/auth/api/logout';
import { ProfileDialog } from '../features/profile/components/profile-dialog';
import { QueueBadge } from '../features/till/components/queue-badge';
import { resolveShop } from '../lib/current-shop';
import { dateFormatter } from '../lib/dates';
import { readInactivityMs, watchInactivity } from '../lib/inactivity';
import { refreshSessionUser } from '../lib/me';
import { clearSession, setCurrentShop, useSession, type LogoutReason } from '../lib/session';
import { useLang, useLangPath } from '../lib/use-lang';
import { LogoutDialog } from './logout-dialog';
import { SideDrawer } from './side-drawer';

/** The signed-in area: header, side drawer (a burger below 769 px), shop choice, inactivity logout. */
export function AppLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLangPath();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();
  const [navOpened, nav] = useDisclosure(false);
  const [dialog, setDialog] = useState<'profile' | 'shop' | 'logout' | null>(null);

  const endSession = (reason: LogoutReason) => {
    void logoutRequest(); // sent with the token before it is forgotten
    clearSession(reason);
    queryClient.clear();
  };

  // Refresh the stored user (roles, shops, subscription) once per visit of the signed-in area.
  useEffect(() => {
    refreshSessionUser().catch(() => undefined);
  }, []);

  // Logout after INACTIVITY_LOGOUT_MS (or localStorage `inactivityMs`) without activity.
  // Started once per mount: restarting it on a render would forget the idle time so far.
  useEffect(() => watchInactivity(readInactivityMs(localStorage), () => endSession('inactivity')), []); // eslint-disable-line react-hooks/exhaustive-deps

  // Close the mobile drawer on navigation only (`nav` is a new object on every render).
  useEffect(() => nav.close(), [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  const resolution = session ? resolveShop(session.user.boutiques, session.shopId) : { kind: 'none' as const };
  const chosenId = resolution.kind === 'chosen' ? resolution.shop.idBoutique : null;
  useEffect(() => {
    if (session && chosenId !== session.shopId) setCurrentShop(chosenId);
  }, [chosenId, session]);

  if (!session) return null;
  const { user } = session;
  const shop = resolution.kind === 'chosen' ? resolution.shop : null;

  const changeShop = (chosen: Shop) => {
    setCurrentShop(chosen.idBoutique);
    // Seed 000 §2: store it, go home and reload, so that no screen keeps the old shop's data.
    window.location.assign(to('app/accueil'));
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.openMenu')}
              data-testid="burger"
            />
            {/* On a phone the mark alone, so that the current shop keeps its room. */}
            <Brand to={to('app/accueil')} size="md" nameVisibleFrom="xs" />
            {/* Sales made offline and waiting on this device (issue 20): always in sight. */}
            <QueueBadge userId={user.idUser} shopId={shop?.idBoutique ?? null} />
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {shop && (
              <Badge
                variant="light"
                size="lg"
                radius="sm"
                leftSection={<IconBuildingStore size={14} />}
                // Kept on a phone too (issue 7): which shop a sale goes to must always show.
                maw={{ base: 170, xs: 220 }}
                style={{ flexShrink: 1, minWidth: 0 }}
                title={t('drawer.currentShop', { name: shop.nom })}
                data-testid="current-shop"
              >
                {shop.nom}
              </Badge>
            )}
            <LanguageSwitcher />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar aria-label={t('drawer.menu')}>
        <SideDrawer
          user={user}
          onProfile={() => {
            nav.close();
            setDialog('profile');
          }}
          onChangeShop={() => {
            nav.close();
            refreshSessionUser().catch(() => undefined);
            setDialog('shop');
          }}
          onLogout={() => {
            nav.close();
            setDialog('logout');
          }}
        />
      </AppShell.Navbar>

      <AppShell.Main>
        {user.subscription?.expired && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} mb="md" data-testid="subscription-expired">
            {t('home.expired', { date: user.subscription.endsAt ? dateFormatter(lang, shop)(user.subscription.endsAt) : '' })}
          </Alert>
        )}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>

      <ProfileDialog opened={dialog === 'profile'} user={user} onClose={() => setDialog(null)} />
      <LogoutDialog
        opened={dialog === 'logout'}
        userId={user.idUser}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          endSession('logout');
        }}
      />
      {/* Required when the stored shop is unknown and the user has several; optional for change-shop. */}
      <ShopChoiceDialog
        opened={resolution.kind === 'choose' || dialog === 'shop'}
        required={resolution.kind === 'choose'}
        mode={resolution.kind === 'choose' ? 'signin' : 'change'}
        shops={user.boutiques}
        currentId={shop?.idBoutique ?? null}
        onChoose={(chosen) => (resolution.kind === 'choose' ? setCurrentShop(chosen.idBoutique) : changeShop(chosen))}
        onClose={() => setDialog(null)}
      />
    </AppShell>
  );
}
