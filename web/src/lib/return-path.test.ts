import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('return path after sign-in', () => {
  it('keeps a screen of the signed-in area, with its query', () => {
    expect(safeReturnPath('/fr/app/depot')).toBe('/fr/app/depot');
    expect(safeReturnPath('/en/app/utilisateur-boutique?page=2&q=awa')).toBe('/en/app/utilisateur-boutique?page=2&q=awa');
  });

  it('ignores anything else', () => {
    for (const from of [
      undefined,
      null,
      '',
      '/fr/login',
      '/fr/app/',
      'https://evil.test/fr/app/depot',
      '//evil.test/fr/app/x',
      '/fr/app/x//y',
      '/de/app/depot',
      '/fr/app\\\\x',
    ]) {
      expect(safeReturnPath(from), String(from)).toBeNull();
    }
  });
});
