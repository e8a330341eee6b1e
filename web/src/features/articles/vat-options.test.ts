import { describe, expect, it } from 'vitest';
import type { LegalIdentity as Identity } from '@app/common/contracts/legal';
import { articleVatBody, vatChoiceOf } from '../../lib/legal-wire';
import { defaultVatLabel, vatSelectOptions } from './vat-options';

const identity = (over: Partial<Identity> = {}): Identity => ({
  raisonSociale: null,
  formeJuridique: null,
  capitalSocial: null,
  siegeSocial: null,
  rccm: null,
  idFiscal: null,
  pays: 'SN',
  assujettiTva: true,
  prixTtc: true,
  tauxTva: [18, 10],
  piedDePage: null,
  idBoutique: 1,
  libelleIdFiscal: 'NINEA',
  logo: null,
  nom: 'Boutique',
  adresse: 'Dakar',
  telephone: '33000000',
  ...over,
});

describe('article VAT choices', () => {
  it("offers the shop's rates, then exempt", () => {
    expect(vatSelectOptions(identity(), undefined, 'fr', 'Exonéré')).toEqual([
      { value: '18', label: '18\u00a0%' },
      { value: '10', label: '10\u00a0%' },
      { value: 'exempt', label: 'Exonéré' },
    ]);
  });

  it("keeps an article's rate the shop no longer lists, and falls back on the country's preset", () => {
    expect(vatSelectOptions(identity({ tauxTva: [18] }), 9, 'en', 'Exempt').map((o) => o.value)).toEqual(['18', '9', 'exempt']);
    expect(vatSelectOptions(identity({ pays: 'CM', tauxTva: [] }), null, 'en', 'Exempt').map((o) => o.label)).toEqual([
      '19.25%',
      'Exempt',
    ]);
  });

  it('names the default: the standard rate when subject, exempt otherwise', () => {
    expect(defaultVatLabel(identity(), 'fr', 'Exonéré')).toBe('18\u00a0%');
    expect(defaultVatLabel(identity({ assujettiTva: false }), 'fr', 'Exonéré')).toBe('Exonéré');
  });

  it("sends a rate, null for exempt, or follows the shop's standard rate", () => {
    expect(articleVatBody('19.25')).toEqual({ tauxTva: 19.25 });
    expect(articleVatBody('exempt')).toEqual({ tauxTva: null });
    expect(articleVatBody('')).toEqual({ tvaParDefaut: true });
    expect(vatChoiceOf({ tauxTva: null, tvaParDefaut: false })).toBe('exempt');
    expect(vatChoiceOf({ tauxTva: 18, tvaParDefaut: false })).toBe('18');
    expect(vatChoiceOf({ tauxTva: 18, tvaParDefaut: true })).toBe('');
    expect(vatChoiceOf(null)).toBe('');
  });
});
