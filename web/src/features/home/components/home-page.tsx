import { can } from '@app/common/permissions';
import { ROLE } from '@app/common/roles';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronRight, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { screenIcon } from '../../../components/screen-icons';
import { displayName } from '../../../lib/initials';
import { shortcutScreens } from '../../../lib/screen-access';
import { usePlanUsage } from '../api/get-plan-usage';
import { FirstSteps, PlanUsageCard } from './plan-usage-card';
import { roleIds, useSession } from '../../../lib/session';
import { useLangPath } from '../../../lib/use-lang';
import classes from './home-page.module.css';

/**
 * app/accueil: welcome, the current shop, the user's roles, for directors their plan with its
 * usage and first steps, and shortcuts to the user's menu. A user removed from every shop is told
 * so, with nothing to open.
 */
export function HomePage() {
  const { t } = useTranslation();
  const to = useLangPath();
  const session = useSession();
  const roles = roleIds(session?.user);
  const usage = usePlanUsage(can({ roles }, 'plan:read'));
  if (!session) return null;
  const { user } = session;
  const shop = user.boutiques.find((candidate) => candidate.idBoutique === session.shopId);
  const isAdmin = roles.includes(ROLE.admin);
  const withoutShop = !isAdmin && user.boutiques.length === 0;
  // The user's menu, then the screens no menu lists (client channels); nothing without a shop.
  const shortcuts = withoutShop ? [] : shortcutScreens(roles);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }} data-testid="home-title">
          {t('home.title', { name: displayName(user) })}
        </Title>
        <Text c="dimmed" mt={4}>
          {shop ? t('home.subtitle', { shop: shop.nom }) : isAdmin ? t('home.admin') : t('home.noShop')}
        </Text>
      </div>

      {withoutShop && (
        <Alert
          color="ochre"
          variant="light"
          radius="lg"
          icon={<IconUserOff />}
          title={t('home.noShopTitle')}
          data-testid="home-no-shop"
        >
          {t('home.noShopText')}
        </Alert>
      )}

      {usage.data && <FirstSteps usage={usage.data} />}
      {usage.data && <PlanUsageCard usage={usage.data} />}
      {usage.isError && (
        <Alert color="red" variant="light" data-testid="home-plan-error">
          {t('home.plan.loadError')}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {shop && (
          <Card withBorder radius="lg" p="lg" data-testid="home-shop">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={46} radius="md" color="brand" variant="light">
                <IconBuildingStore size={26} />
              </ThemeIcon>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
                  {t('home.shop')}
                </Text>
                <Text fw={700} fz="lg">
                  {shop.nom}
                </Text>
                <Text fz="sm" c="dimmed">
                  {shop.adresse} · {shop.telephone}
                </Text>
              </Stack>
            </Group>
          </Card>
        )}
        <Card withBorder radius="lg" p="lg" data-testid="home-roles">
          <Text fz="xs" tt="uppercase" fw={700} c="dimmed" mb="xs">
            {t('home.rolesTitle')}
          </Text>
          <Group gap="xs">
            {roles.map((role) => (
              <Badge key={role} size="lg" variant="light" color={role === ROLE.admin ? 'ochre' : 'brand'}>
                {t(`roles.${role}`)}
              </Badge>
            ))}
          </Group>
        </Card>
      </SimpleGrid>

      {shortcuts.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="shortcuts-title">
          <Title order={2} fz="lg" id="shortcuts-title">
            {t('home.shortcuts')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {shortcuts.map((screen) => {
              const Icon = screenIcon(screen.path);
              return (
                <UnstyledButton
                  key={screen.path}
                  component={Link}
                  to={to(`app/${screen.path}`)}
                  className={classes.shortcut}
                  data-testid={`shortcut-${screen.path}`}
                >
                  <Group wrap="nowrap" gap="sm">
                    <ThemeIcon size={40} radius="md" variant="light" color="brand">
                      <Icon size={22} />
                    </ThemeIcon>
                    <Text fw={600} style={{ flex: 1 }}>
                      {t(`menu.${screen.menuKey}`)}
                    </Text>
                    <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
                  </Group>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
