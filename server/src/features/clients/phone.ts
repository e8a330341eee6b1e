import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppError } from '../../lib/app-error.js';

/**
 * The full international number (`+2250701020304`) of a phone typed with or without the
 * country's dial prefix, checked against that country's numbering plan (libphonenumber's
 * full metadata). Countries sharing a calling code (+1, +7) accept each other's numbers.
 */
export function internationalPhone(telephone: string, countryId: string): string {
  if (!isSupportedCountry(countryId)) throw new AppError('UNKNOWN_COUNTRY', { details: [{ field: 'body.country.id' }] });
  const parsed = parsePhoneNumberFromString(telephone, countryId);
  if (!parsed || !parsed.isValid() || parsed.countryCallingCode !== getCountryCallingCode(countryId)) {
    throw new AppError('PHONE_INVALID', { details: [{ field: 'body.telephone' }] });
  }
  return parsed.number;
}

/** Forms a phone may be stored in, for the existence check: as typed, and international when it parses. */
export function phoneVariants(telephone: string, countryId?: string): string[] {
  const typed = telephone.trim();
  const country = countryId && isSupportedCountry(countryId) ? countryId : undefined;
  const parsed = parsePhoneNumberFromString(typed, country ? { defaultCountry: country } : {});
  return [...new Set([typed, ...(parsed?.isPossible() ? [parsed.number] : [])])];
}
