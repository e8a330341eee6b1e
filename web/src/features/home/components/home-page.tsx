import { ROLE } from '@app/common/roles';
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { screenIcon } from '../../../components/screen-icons';
import { displayName } from '../../../lib/initials';
import { openableScreens } from '../../../lib/screen-access';
import { roleIds, useSession } from '../../../lib/session';
import { useLangPath } from '../../../lib/use-lang';
import classes from './home-page.module.css';

/** app/accueil: welcome, the current shop, the user's roles and shortcuts to every screen they may open. */
export function HomePage() {
  const { t } = useTranslation();
  const to = useLangPath();
  const session = useSession();
  if (!session) return null;
  const { user } = session;
  const roles = roleIds(user);
  const shop = user.boutiques.find((candidate) => candidate.idBoutique === session.shopId);
  // Every screen the user may open, including those the seed's menus do not list (client channels).
  const shortcuts = openableScreens(roles).filter((screen) => screen.path !== 'accueil');

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }} data-testid="home-title">
          {t('home.title', { name: displayName(user) })}
        </Title>
        <Text c="dimmed" mt={4}>
          {shop ? t('home.subtitle', { shop: shop.nom }) : roles.includes(ROLE.admin) ? t('home.admin') : t('home.noShop')}
        </Text>
      </div>

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
