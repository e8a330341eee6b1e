import { describe, expect, it } from 'vitest';
import { identityFormSchema } from './legal-wire';

const form = {
  raisonSociale: 'Ets Ndiaye SARL',
  formeJuridique: 'SARL',
  rccm: 'SN-DKR-2024-B-12345',
  idFiscal: '0074512 2V2',
  pays: 'SN',
  assujettiTva: true,
  prixTtc: true,
  tauxTva: ['18', '10'],
  piedDePage: '',
};

describe('identity form schema', () => {
  it('reads the typed rates as numbers, a French decimal comma included, and empty texts as none', () => {
    expect(identityFormSchema.parse({ ...form, tauxTva: ['18', '19,25'] })).toMatchObject({
      tauxTva: [18, 19.25],
      piedDePage: null,
    });
  });

  it("refuses what the contract refuses, with the catalogue's keys on the field", () => {
    const issues = (values: object) =>
      identityFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...form, tauxTva: ['18', 'abc'] })).toEqual([['tauxTva.1', 'validation.vatRate']]);
    expect(issues({ ...form, tauxTva: ['18,123'] })).toEqual([['tauxTva.0', 'validation.vatRate']]);
    expect(issues({ ...form, tauxTva: [] })).toEqual([['tauxTva', 'validation.vatRatesRequired']]);
    expect(issues({ ...form, tauxTva: ['18', '18'] })).toEqual([['tauxTva', 'validation.vatRates']]);
    expect(issues({ ...form, rccm: 'SN#DKR' })).toEqual([['rccm', 'validation.legalNumber']]);
  });
});
