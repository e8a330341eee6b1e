/** Up to two upper-case initials for the drawer's avatar: first name then last name. */
export function initials(prenom: string | null | undefined, nom: string | null | undefined, fallback = ''): string {
  const letters = [prenom, nom]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .map((part) => Array.from(part)[0] ?? '');
  const result = letters.join('') || Array.from(fallback.trim()).slice(0, 2).join('');
  return result.toLocaleUpperCase('fr-FR');
}

/** "Prénom Nom", or the username when the account has no name. */
export function displayName(user: { prenom: string; nom: string; username: string }): string {
  const name = [user.prenom, user.nom]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.username;
}
