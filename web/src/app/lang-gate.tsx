import { isLanguage } from '@app/common/languages';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { changeLanguage, LANG_STORAGE_KEY } from '../lib/i18n';
import { normalizeLangPath, preferredLanguage } from '../lib/lang-path';

function preferred() {
  return preferredLanguage(localStorage.getItem(LANG_STORAGE_KEY), navigator.languages);
}

/** `/` goes to the stored or browser language (seed 000 §2). */
export function RootRedirect() {
  return <Navigate to={`/${preferred()}`} replace />;
}

/** Every route lives under `/{lang}/`; the URL's language is the interface language. */
export function LangGate() {
  const { lang } = useParams();
  const location = useLocation();
  const valid = isLanguage(lang);

  useEffect(() => {
    if (isLanguage(lang)) void changeLanguage(lang);
  }, [lang]);

  if (!valid) return <Navigate to={`${normalizeLangPath(location.pathname, preferred())}${location.search}`} replace />;
  return <Outlet />;
}
