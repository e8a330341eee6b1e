import { describe, expect, it } from 'vitest';
import { articleVatChoice, vatChoiceOf, type Identity } from '../../lib/legal-wire';
import { defaultVatLabel, vatSelectOptions } from './vat-options';

const identity = (over: Partial<Identity> = {}): Identity => ({
  raisonSociale: null,
  formeJuridique: null,
  rccm: null,
  idFiscal: null,
  pays: 'SN',
  assujettiTva: true,
  prixTtc: true,
  tauxTva: [18, 10],
  piedDePage: null,
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

  it('sends a rate, null for exempt, nothing for the default', () => {
    expect(articleVatChoice.parse('19.25')).toBe(19.25);
    expect(articleVatChoice.parse('exempt')).toBeNull();
    expect(articleVatChoice.parse('')).toBeUndefined();
    expect(articleVatChoice.safeParse('0').success).toBe(false);
    expect(articleVatChoice.safeParse('abc').success).toBe(false);
    expect(vatChoiceOf(null)).toBe('exempt');
    expect(vatChoiceOf(18)).toBe('18');
    expect(vatChoiceOf(undefined)).toBe('');
  });
});
