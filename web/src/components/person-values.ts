/** The identity fields of an account form, as `PersonFields` shows them. */
export type PersonFormValues = {
  username: string;
  nom: string;
  prenom: string;
  email: string;
  telephone: string;
  password: string;
};

export const EMPTY_PERSON: PersonFormValues = { username: '', nom: '', prenom: '', email: '', telephone: '', password: '' };

type PersonRow = { username: string; nom: string; prenom: string; email: string | null; telephone: string | null };

/** An account's identity in the form: absent e-mail and phone as blank fields, the password blank (kept). */
export function personValuesOf(row: PersonRow): PersonFormValues {
  return {
    username: row.username,
    nom: row.nom,
    prenom: row.prenom,
    email: row.email ?? '',
    telephone: row.telephone ?? '',
    password: '',
  };
}
