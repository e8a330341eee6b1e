/**
 * Where sign-in may return to: a path of this site's signed-in area (`/{lang}/app/...`), as the
 * router kept it when a protected link was opened signed out. Anything else (another site, a
 * protocol-relative `//host`, a public page) is ignored and sign-in goes home.
 */
export function safeReturnPath(from: string | undefined | null): string | null {
  if (typeof from !== 'string' || !/^\/(fr|en)\/app\/[^/]/.test(from) || from.includes('//') || from.includes('\\')) return null;
  return from;
}
