import { ROLE } from '@app/common/roles';
import { describe, expect, it } from 'vitest';
import { menuScreens, screenAccess } from './screen-access';

describe('screen access', () => {
  it('opens the shops screen to directors only', () => {
    expect(screenAccess('boutique', [ROLE.director])).toBe('open');
    expect(screenAccess('boutique', [ROLE.seller, ROLE.cashier])).toBe('forbidden');
    expect(screenAccess('boutique', [ROLE.admin])).toBe('forbidden');
  });

  it('opens the home screen to every role', () => {
    for (const role of Object.values(ROLE)) expect(screenAccess('accueil', [role])).toBe('open');
  });

  it('tells screens not built yet from unknown ones', () => {
    expect(screenAccess('facture', [ROLE.seller])).toBe('open');
    expect(screenAccess('facture-livraison', [ROLE.warehouse])).toBe('unavailable');
    expect(screenAccess('facture', [ROLE.warehouse])).toBe('forbidden');
    expect(screenAccess('nope', [ROLE.director])).toBe('unknown');
  });

  it('lists only built screens the user may open', () => {
    // Built screens are added as features land: the director's menu holds these, all built and theirs.
    const director = menuScreens([ROLE.director]);
    expect(director.map((s) => s.path)).toEqual(
      expect.arrayContaining(['accueil', 'boutique', 'depot', 'utilisateur-boutique', 'depot-user', 'mouvement-articles', 'inventaire']),
    );
    for (const screen of director) expect(screenAccess(screen.path, [ROLE.director]), screen.path).toBe('open');
    expect(menuScreens([ROLE.admin]).map((s) => s.path)).toEqual([
      'accueil',
      'utilisateur-admin',
      'utilisateur-directeur',
      'utilisateur-activatedirecteur',
    ]);
    expect(menuScreens([ROLE.seller]).map((s) => s.path)).toEqual(['accueil', 'articlesPaginate']);
    expect(menuScreens([]).map((s) => s.path)).toEqual([]);
  });
});
