import { describe, expect, it } from 'vitest';
import { countryOptions, formatRate, presetRates, taxIdName } from './legal-countries';

describe('legal countries', () => {
  it('names the tax id as each tax office does (DECISIONS §14)', () => {
    expect(taxIdName('SN')).toBe('NINEA');
    expect(taxIdName('CI')).toBe('NCC');
    expect(taxIdName('CM')).toBe('NIU');
    expect(taxIdName('BJ')).toBe('IFU');
    expect(taxIdName('BF')).toBe('IFU');
    expect(taxIdName('ML')).toBe('NIF');
    expect(taxIdName(null)).toBe('NIF');
    expect(taxIdName('GA')).toBe('NIF');
    expect(taxIdName('FR')).toBe('NIF');
  });

  it('presets 18 % in the UEMOA examples and 19.25 % in Cameroon, as a copy the form may change', () => {
    for (const code of ['SN', 'CI', 'BJ', 'BF', 'ML', 'NE', 'TG']) expect(presetRates(code)).toEqual([18]);
    expect(presetRates('CM')).toEqual([19.25]);
    expect(presetRates('XX')).toEqual([18]);
    const rates = presetRates('SN');
    rates.push(10);
    expect(presetRates('SN')).toEqual([18]);
  });

  it('writes rates the way each language does', () => {
    expect(formatRate(18, 'fr')).toBe('18\u00a0%');
    expect(formatRate(19.25, 'fr')).toBe('19,25\u00a0%');
    expect(formatRate(19.25, 'en')).toBe('19.25%');
  });

  it('names the countries in the screen language, sorted', () => {
    const fr = countryOptions('fr');
    expect(fr.find((o) => o.value === 'CI')?.label).toBe('Côte d’Ivoire');
    expect(countryOptions('en').find((o) => o.value === 'SN')?.label).toBe('Senegal');
    const labels = fr.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'fr')));
  });
});
