import { can } from '@app/common/permissions';
import { findScreen, SCREENS, type Screen } from '@app/common/screens';

/** May a user holding `roles` open the screen? Its permission alone decides (DECISIONS §1). */
export function canOpen(screen: Screen, roles: readonly number[]): boolean {
  return can({ roles }, screen.permission);
}

/** Menu entries: screens built in this version that the seed's menus of the user's roles show, and that they may open. */
export function menuScreens(roles: readonly number[]): Screen[] {
  return SCREENS.filter(
    (screen) => screen.available && screen.inMenuOf.some((role) => roles.includes(role)) && canOpen(screen, roles),
  );
}

/** Every built screen the user may open, menu or not (the home page's shortcuts). */
export function openableScreens(roles: readonly number[]): Screen[] {
  return SCREENS.filter((screen) => screen.available && canOpen(screen, roles));
}

export type ScreenAccess = 'open' | 'forbidden' | 'unavailable' | 'unknown';

export function screenAccess(path: string, roles: readonly number[]): ScreenAccess {
  const screen = findScreen(path);
  if (!screen) return 'unknown';
  if (!canOpen(screen, roles)) return 'forbidden';
  return screen.available ? 'open' : 'unavailable';
}
