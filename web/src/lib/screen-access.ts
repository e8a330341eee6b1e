import { can } from '@app/common/permissions';
import { findScreen, SCREENS, type Screen } from '@app/common/screens';

/** May a user holding `roles` open the screen? Roles decide (DECISIONS §1), then its permission. */
export function canOpen(screen: Screen, roles: readonly number[]): boolean {
  if (!screen.roles.some((role) => roles.includes(role))) return false;
  return screen.permission === undefined || can({ roles }, screen.permission);
}

/** Menu entries: screens the user may open that are built in this version. */
export function menuScreens(roles: readonly number[]): Screen[] {
  return SCREENS.filter((screen) => screen.available && canOpen(screen, roles));
}

export type ScreenAccess = 'open' | 'forbidden' | 'unavailable' | 'unknown';

export function screenAccess(path: string, roles: readonly number[]): ScreenAccess {
  const screen = findScreen(path);
  if (!screen) return 'unknown';
  if (!canOpen(screen, roles)) return 'forbidden';
  return screen.available ? 'open' : 'unavailable';
}
