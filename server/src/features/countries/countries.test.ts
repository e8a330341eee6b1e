import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/auth/pays', () => {
  it("lists countries with names in the caller's language and dial prefixes, sorted by name", async () => {
    const fr = await t.app.inject({ method: 'GET', url: '/api/auth/pays', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(fr.statusCode).toBe(200);
    const list = fr.json() as { id: string; nom: string; indicatif: string }[];
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((c) => c.id === 'CI')).toEqual({
      id: 'CI',
      nom: expect.stringMatching(/^Côte.d.Ivoire$/),
      indicatif: '+225',
    });
    expect(list.find((c) => c.id === 'SN')).toEqual({ id: 'SN', nom: 'Sénégal', indicatif: '+221' });
    expect(list.find((c) => c.id === 'DE')?.nom).toBe('Allemagne');
    const names = list.map((c) => c.nom);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
    // Only countries with a calling code (no Antarctica, Bouvet Island...).
    expect(list.find((c) => c.id === 'BV')).toBeUndefined();
    expect(list.every((c) => /^\+\d{1,4}$/.test(c.indicatif))).toBe(true);

    const en = (await t.app.inject({ method: 'GET', url: '/api/auth/pays?lang=en' })).json() as { id: string; nom: string }[];
    expect(en.find((c) => c.id === 'DE')?.nom).toBe('Germany');
  });
});
