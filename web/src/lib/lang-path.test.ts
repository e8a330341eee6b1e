import { describe, expect, it } from 'vitest';
import { langFromPath, normalizeLangPath, preferredLanguage, switchLangInPath, withLang } from './lang-path';

describe('lang paths', () => {
  it('reads the language segment', () => {
    expect(langFromPath('/en/app/accueil')).toBe('en');
    expect(langFromPath('/fr')).toBe('fr');
    expect(langFromPath('/de/login')).toBeNull();
    expect(langFromPath('/')).toBeNull();
  });

  it('builds paths under a language', () => {
    expect(withLang('fr')).toBe('/fr');
    expect(withLang('en', 'app/boutique')).toBe('/en/app/boutique');
    expect(withLang('en', '/login')).toBe('/en/login');
  });

  it('switches only the first segment', () => {
    expect(switchLangInPath('/fr/app/boutique', 'en')).toBe('/en/app/boutique');
    expect(switchLangInPath('/en', 'fr')).toBe('/fr');
    expect(switchLangInPath('/login', 'en')).toBe('/en/login');
  });

  it('sends unknown languages to fr and prefixes paths without one', () => {
    expect(normalizeLangPath('/', 'en')).toBe('/en');
    expect(normalizeLangPath('/de/login', 'en')).toBe('/fr/login');
    expect(normalizeLangPath('/xx', 'en')).toBe('/fr');
    expect(normalizeLangPath('/login', 'en')).toBe('/en/login');
    expect(normalizeLangPath('/app/accueil', 'fr')).toBe('/fr/app/accueil');
  });

  it('prefers the stored language, then the browser, then fr', () => {
    expect(preferredLanguage('en', ['fr-FR'])).toBe('en');
    expect(preferredLanguage(null, ['de-DE', 'en-US'])).toBe('en');
    expect(preferredLanguage('zz', ['de'])).toBe('fr');
  });
});
