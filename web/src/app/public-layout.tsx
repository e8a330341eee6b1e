import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Brand } from '../components/brand';
import { LanguageSwitcher } from '../components/language-switcher';
import { useSession } from '../lib/session';
import { useLangPath } from '../lib/use-lang';

/** Public pages with the product's top menu (the landing page). */
export function PublicLayout() {
  const { t } = useTranslation('landing');
  const to = useLangPath();
  const session = useSession();

  return (
    <Box mih="100dvh" bg="white">
      <Box
        component="header"
        pos="sticky"
        top={0}
        style={{
          zIndex: 50,
          background: 'rgba(255,255,255,0.94)',
          backdropFilter: 'blur(6px)',
          borderBottom: '1px solid var(--mantine-color-gray-2)',
        }}
      >
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            {/* Below 576 px the mark alone: name, language and "Connexion" overflow 375 px (fr). */}
            <Brand to={to()} nameVisibleFrom="xs" />
            <Group gap="lg" visibleFrom="sm" component="nav" aria-label={t('nav.features')}>
              <Anchor href="#features" c="dark" fw={500}>
                {t('nav.features')}
              </Anchor>
              <Anchor href="#plans" c="dark" fw={500}>
                {t('nav.plans')}
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitcher />
              {session ? (
                <Button component={Link} to={to('app/accueil')} size="sm">
                  {t('nav.openApp')}
                </Button>
              ) : (
                <>
                  <Button component={Link} to={to('login')} size="sm" variant="default" data-testid="header-login">
                    {t('nav.login')}
                  </Button>
                  <Button component={Link} to={to('register')} size="sm" visibleFrom="sm" data-testid="header-register">
                    {t('nav.register')}
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Outlet />
    </Box>
  );
}
