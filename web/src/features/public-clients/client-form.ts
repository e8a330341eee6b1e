import type { ClientRegistrationBody, Country } from '@app/common/contracts/clients';

export type ClientFormValues = {
  nom: string;
  prenom: string;
  email: string;
  telephone: string;
  adresse: string;
  countryId: string;
};

/** Côte d'Ivoire, where the product's shops are: the country chosen until the client picks another. */
export const DEFAULT_COUNTRY_ID = 'CI';

export const EMPTY_CLIENT: ClientFormValues = {
  nom: '',
  prenom: '',
  email: '',
  telephone: '',
  adresse: '',
  countryId: DEFAULT_COUNTRY_ID,
};

/** The request body: the country carries its name and dial prefix when the list knows it. */
export function clientBody(values: ClientFormValues, countries: readonly Country[] | undefined): ClientRegistrationBody {
  const country = countries?.find((candidate) => candidate.id === values.countryId);
  return {
    nom: values.nom,
    prenom: values.prenom,
    email: values.email,
    telephone: values.telephone,
    adresse: values.adresse,
    country: country ? { id: country.id, nom: country.nom, indicatif: country.indicatif } : { id: values.countryId },
  };
}

/** Seed 000 §5: submit only once nom, prenom, email, telephone and country are filled. */
export function requiredFilled(values: ClientFormValues): boolean {
  return [values.nom, values.prenom, values.email, values.telephone, values.countryId].every((value) => value.trim() !== '');
}

/** The number as the check endpoint takes it: digits (and a leading +) only. */
export const compactPhone = (value: string) => value.trim().replace(/[^\d+]/g, '');
/** Worth checking live: at least 6 digits (the shortest national numbers). */
export const plausibleClientPhone = (value: string) => /^\+?\d{6,15}$/.test(compactPhone(value));
export const plausibleClientEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());
