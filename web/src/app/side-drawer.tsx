import type { SessionUser } from '@app/common/contracts/auth';
import { ROLE } from '@app/common/roles';
import { AppShell, Avatar, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink } from 'react-router';
import { screenIcon } from '../components/screen-icons';
import { displayName, initials } from '../lib/initials';
import { menuScreens } from '../lib/screen-access';
import { roleIds } from '../lib/session';
import { useLangPath } from '../lib/use-lang';

type SideDrawerProps = {
  user: SessionUser;
  onProfile: () => void;
  onChangeShop: () => void;
  onLogout: () => void;
};

/** The side drawer (seed 000 §2): who is signed in, the role's menu, profile, change shop, logout. */
export function SideDrawer({ user, onProfile, onChangeShop, onLogout }: SideDrawerProps) {
  const { t } = useTranslation();
  const to = useLangPath();
  const roles = roleIds(user);
  const isDirector = roles.includes(ROLE.director);
  // A user removed from every shop works nowhere: home only (it says so).
  const withoutShop = !roles.includes(ROLE.admin) && user.boutiques.length === 0;
  const menu = menuScreens(roles).filter((screen) => !withoutShop || screen.path === 'accueil');

  return (
    <>
      <AppShell.Section p="md" pb="sm">
        <Group wrap="nowrap" gap="sm" data-testid="drawer-user">
          <Avatar color="brand" variant="filled" radius="xl" size={44} aria-hidden data-testid="user-initials">
            {initials(user.prenom, user.nom, user.username)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} truncate data-testid="user-name">
              {displayName(user)}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {roles.map((role) => t(`roles.${role}`)).join(' · ')}
            </Text>
          </Stack>
        </Group>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm">
        <nav aria-label={t('shell.navigation')}>
          {menu.map((screen) => {
            const Icon = screenIcon(screen.path);
            return (
              <NavLink
                key={screen.path}
                component={RouterNavLink}
                to={to(`app/${screen.path}`)}
                label={t(`menu.${screen.menuKey}`)}
                leftSection={<Icon size={20} stroke={1.7} />}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                data-testid={`menu-${screen.path}`}
              />
            );
          })}
        </nav>
      </AppShell.Section>
      <AppShell.Section p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <NavLink
          component="button"
          label={t('drawer.profile')}
          leftSection={<IconUserCircle size={20} stroke={1.7} />}
          onClick={onProfile}
          data-testid="open-profile"
        />
        {isDirector && (
          <NavLink
            component="button"
            label={t('drawer.changeShop')}
            leftSection={<IconBuildingStore size={20} stroke={1.7} />}
            onClick={onChangeShop}
            data-testid="change-shop"
          />
        )}
        <NavLink
          component="button"
          label={t('drawer.logout')}
          leftSection={<IconLogout size={20} stroke={1.7} />}
          onClick={onLogout}
          c="red.7"
          data-testid="logout"
        />
      </AppShell.Section>
    </>
  );
}
