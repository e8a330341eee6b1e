/**
 * VAT of a sale (DECISIONS §14): pure and shared, so that the till shows what the invoice will say.
 * Rates are carried as basis points (percent x 100: 18 % = 1800, 19.25 % = 1925) so that every
 * computation is on integers; `null` is an exempt line. Amounts are whole FCFA.
 *
 * THE ROUNDING RULE (the only one; README "VAT and rounding"):
 * 1. Lines are grouped by rate; a group's gross amount is the sum of its lines (quantity x unit
 *    price, the shelf price: VAT included, or excluded when the shop says so).
 * 2. The discount is spread over the groups in proportion to their gross amounts: each group gets
 *    floor(discount x gross / sum of gross); the FCFA left over go one by one to the groups with the
 *    largest remainders (equal remainders: the higher rate first). The shares add up to the discount.
 * 3. A group's net = gross - its share of the discount.
 *    - Prices VAT included: base = net x 10000 / (10000 + rate) rounded half up to the FCFA,
 *      VAT = net - base. The total with VAT is the sum of the nets: what the customer pays is the
 *      shelf total minus the discount, exactly as without VAT.
 *    - Prices VAT excluded: base = net, VAT = net x rate / 10000 rounded half up; the total with
 *      VAT is the sum of bases and VATs.
 * 4. An exempt group has VAT 0 and its base is its net.
 * The VAT is thus rounded once per rate, never per line, and the per-rate lines add up exactly to
 * the totals printed.
 */

import type { Language } from './languages.js';

export type VatLine = { quantity: number; unitPriceFcfa: number; rateBp: number | null };
export type VatRate = { rateBp: number | null; grossFcfa: number; discountFcfa: number; baseFcfa: number; vatFcfa: number };
export type VatBreakdown = {
  pricesIncludeVat: boolean;
  /** Per rate, highest first, exempt last. */
  rates: VatRate[];
  totalHtFcfa: number;
  totalVatFcfa: number;
  totalTtcFcfa: number;
};

/** The largest rate accepted: 100 %. */
export const MAX_VAT_RATE_BP = 10_000;

export function isVatRateBp(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_VAT_RATE_BP;
}

/** 18 -> 1800, 19.25 -> 1925; null when the percentage has more than two decimals or is out of range. */
export function percentToBp(percent: number): number | null {
  const bp = Math.round(percent * 100);
  return Math.abs(bp - percent * 100) < 1e-6 && isVatRateBp(bp) ? bp : null;
}

export const bpToPercent = (bp: number): number => bp / 100;

/** A rate's number as each language writes it: « 19,25 » in French, "19.25" in English. */
export const ratePercentNumber = (rateBp: number, lang: Language): string => String(bpToPercent(rateBp)).replace('.', lang === 'fr' ? ',' : '.');

/** A rate as each language writes it: « 18 % » and « 19,25 % » in French (a no-break space before %), "18%" and "19.25%" in English. */
export const ratePercent = (rateBp: number, lang: Language): string => `${ratePercentNumber(rateBp, lang)}${lang === 'fr' ? '\u00a0%' : '%'}`;

/**
 * Whether a period's VAT figures are worth showing: the shop is subject to VAT, or some document of
 * the period charged VAT (a shop that stopped being subject still declares what it charged).
 */
export const showsVat = (summary: { vatSubject: boolean; rates: readonly { rateBp: number | null }[] }): boolean =>
  summary.vatSubject || summary.rates.some((r) => r.rateBp !== null);

/** a x b / c rounded half up, for non-negative integers, exactly (BigInt: a x b may pass 2^53). */
function mulDivRound(a: number, b: number, c: number): number {
  const num = BigInt(a) * BigInt(b);
  const den = BigInt(c);
  return Number((num * 2n + den) / (den * 2n));
}

function assertWhole(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole FCFA ${what}: ${value}`);
}

/** The VAT of a sale's lines after its discount, by the rule above. The discount may not exceed the lines' sum. */
export function vatBreakdown(lines: readonly VatLine[], discountFcfa: number, pricesIncludeVat: boolean): VatBreakdown {
  assertWhole(discountFcfa, 'discount');
  const groups = new Map<number | null, number>();
  for (const line of lines) {
    assertWhole(line.quantity, 'quantity');
    assertWhole(line.unitPriceFcfa, 'price');
    if (line.rateBp !== null && !isVatRateBp(line.rateBp)) throw new RangeError(`not a VAT rate: ${line.rateBp}`);
    groups.set(line.rateBp, (groups.get(line.rateBp) ?? 0) + line.quantity * line.unitPriceFcfa);
  }
  const ordered = [...groups.entries()]
    .map(([rateBp, grossFcfa]) => ({ rateBp, grossFcfa }))
    .sort((a, b) => (b.rateBp ?? -1) - (a.rateBp ?? -1));
  const gross = ordered.reduce((sum, g) => sum + g.grossFcfa, 0);
  if (!Number.isSafeInteger(gross)) throw new RangeError('amount too large');
  if (discountFcfa > gross) throw new RangeError(`discount ${discountFcfa} above the lines' sum ${gross}`);

  // Step 2: the discount's shares, largest remainders first.
  const shares = ordered.map((g) => {
    if (gross === 0) return { share: 0, remainder: 0n };
    const num = BigInt(discountFcfa) * BigInt(g.grossFcfa);
    return { share: Number(num / BigInt(gross)), remainder: num % BigInt(gross) };
  });
  let left = discountFcfa - shares.reduce((sum, s) => sum + s.share, 0);
  const byRemainder = shares.map((s, i) => ({ ...s, i })).sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const s of byRemainder) {
    if (left === 0) break;
    shares[s.i]!.share += 1;
    left -= 1;
  }

  const rates: VatRate[] = ordered.map((g, i) => {
    const share = shares[i]!.share;
    const net = g.grossFcfa - share;
    if (g.rateBp === null) return { rateBp: null, grossFcfa: g.grossFcfa, discountFcfa: share, baseFcfa: net, vatFcfa: 0 };
    if (pricesIncludeVat) {
      const base = mulDivRound(net, 10_000, 10_000 + g.rateBp);
      return { rateBp: g.rateBp, grossFcfa: g.grossFcfa, discountFcfa: share, baseFcfa: base, vatFcfa: net - base };
    }
    return { rateBp: g.rateBp, grossFcfa: g.grossFcfa, discountFcfa: share, baseFcfa: net, vatFcfa: mulDivRound(net, g.rateBp, 10_000) };
  });
  const totalHtFcfa = rates.reduce((sum, r) => sum + r.baseFcfa, 0);
  const totalVatFcfa = rates.reduce((sum, r) => sum + r.vatFcfa, 0);
  return { pricesIncludeVat, rates, totalHtFcfa, totalVatFcfa, totalTtcFcfa: totalHtFcfa + totalVatFcfa };
}

/** A line's rate: the article's own, or with `vatDefault` the shop's standard rate when subject, none otherwise. */
export function effectiveRateBp(article: { vatDefault: boolean; vatRateBp: number | null }, shop: { vatSubject: boolean; standardRateBp: number | null }): number | null {
  if (!shop.vatSubject) return null;
  return article.vatDefault ? shop.standardRateBp : article.vatRateBp;
}

/** The tax id's name by country (DECISIONS §14): NINEA in Senegal, NCC in Côte d'Ivoire, NIU in Cameroon, IFU in Benin and Burkina Faso, NIF elsewhere. */
export function taxIdLabel(country: string): string {
  switch (country) {
    case 'SN':
      return 'NINEA';
    case 'CI':
      return 'NCC';
    case 'CM':
      return 'NIU';
    case 'BJ':
    case 'BF':
      return 'IFU';
    default:
      return 'NIF';
  }
}

/** Preset VAT rates per country, standard rate first (DECISIONS §14); editable by the director. Elsewhere: 18 %. */
export const VAT_PRESETS_BP: Readonly<Record<string, readonly number[]>> = {
  SN: [1800],
  CI: [1800],
  BJ: [1800],
  BF: [1800],
  ML: [1800],
  NE: [1800],
  TG: [1800],
  GW: [1800],
  CM: [1925],
  GA: [1800],
  CG: [1800],
  TD: [1800],
  CF: [1900],
  GQ: [1500],
};
export const DEFAULT_VAT_PRESET_BP: readonly number[] = [1800];

export function vatPresetBp(country: string): number[] {
  return [...(VAT_PRESETS_BP[country] ?? DEFAULT_VAT_PRESET_BP)];
}

/** A shop's country guessed from its time zone, before its director says (the FCFA zone's capitals). */
const ZONE_COUNTRY: Record<string, string> = {
  'Africa/Dakar': 'SN',
  'Africa/Abidjan': 'CI',
  'Africa/Douala': 'CM',
  'Africa/Porto-Novo': 'BJ',
  'Africa/Ouagadougou': 'BF',
  'Africa/Bamako': 'ML',
  'Africa/Niamey': 'NE',
  'Africa/Lome': 'TG',
  'Africa/Bissau': 'GW',
  'Africa/Libreville': 'GA',
  'Africa/Brazzaville': 'CG',
  'Africa/Ndjamena': 'TD',
  'Africa/Bangui': 'CF',
  'Africa/Malabo': 'GQ',
};
export function countryOfTimeZone(timeZone: string): string {
  return ZONE_COUNTRY[timeZone] ?? 'CI';
}
