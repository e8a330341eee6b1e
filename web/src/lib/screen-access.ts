import { can } from '@app/common/permissions';
import { ROLE, ROLE_IDS, type RoleId } from '@app/common/roles';
import { findScreen, SCREENS, type Screen } from '@app/common/screens';

/** May a user holding `roles` open the screen? Its permission alone decides (DECISIONS §1). */
export function canOpen(screen: Screen, roles: readonly number[]): boolean {
  return can({ roles }, screen.permission);
}

/**
 * The menus of seed 000 §2, in the seed's order, by role. A screen whose `inMenuOf` names a role
 * but which is not listed here comes after these entries.
 */
const MENU_ORDER: Record<RoleId, readonly string[]> = {
  [ROLE.admin]: ['utilisateur-admin', 'utilisateur-directeur', 'utilisateur-activatedirecteur'],
  [ROLE.director]: [
    'boutique',
    'depot',
    'client',
    'chauffeur',
    'mouvement-articles',
    'type-facture',
    'client-meilleur',
    'utilisateur-boutique',
    'depot-user',
    'raport',
  ],
  [ROLE.manager]: [
    'articles',
    'article-quantite-stock',
    'article-quantite-sortie',
    'article-categorie',
    'categorie',
    'fournisseur',
  ],
  [ROLE.seller]: ['facture', 'client'],
  [ROLE.cashier]: ['facture-non-solde', 'facture-caissier'],
  [ROLE.warehouse]: ['facture-livraison', 'livraison', 'reception'],
};

/**
 * Menu entries (seed 000 §2): home, then each of the user's roles' menu in the seed's order,
 * built or not (a screen not built yet opens the "coming soon" page), that the user may open.
 */
export function menuScreens(roles: readonly number[]): Screen[] {
  const entries: Screen[] = [];
  const add = (screen: Screen | undefined) => {
    if (screen && !entries.includes(screen) && canOpen(screen, roles)) entries.push(screen);
  };
  if (roles.length > 0) add(findScreen('accueil'));
  for (const role of ROLE_IDS.filter((id) => roles.includes(id))) {
    const inMenu = SCREENS.filter((screen) => screen.path !== 'accueil' && screen.inMenuOf.includes(role));
    const rank = (screen: Screen) => {
      const index = MENU_ORDER[role].indexOf(screen.path);
      return index === -1 ? MENU_ORDER[role].length : index;
    };
    for (const screen of [...inMenu].sort((a, b) => rank(a) - rank(b))) add(screen);
  }
  return entries;
}

/** Every built screen the user may open, menu or not. */
export function openableScreens(roles: readonly number[]): Screen[] {
  return SCREENS.filter((screen) => screen.available && canOpen(screen, roles));
}

/** The home page's shortcuts: the user's menu, then the built screens they may open that no menu lists (client channels). */
export function shortcutScreens(roles: readonly number[]): Screen[] {
  const menu = menuScreens(roles);
  return [...menu, ...openableScreens(roles).filter((screen) => !menu.includes(screen))].filter(
    (screen) => screen.path !== 'accueil',
  );
}

export type ScreenAccess = 'open' | 'forbidden' | 'unavailable' | 'unknown';

export function screenAccess(path: string, roles: readonly number[]): ScreenAccess {
  const screen = findScreen(path);
  if (!screen) return 'unknown';
  if (!canOpen(screen, roles)) return 'forbidden';
  return screen.available ? 'open' : 'unavailable';
}
