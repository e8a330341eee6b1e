import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@app/common/languages';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve(import.meta.dirname, '../../common/locales');

/** Every leaf key of a catalogue, dotted: `table.noData`. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function leafValues(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leafValues(child, prefix ? `${prefix}.${key}` : key));
}

function namespaces(lang: string): string[] {
  return fs
    .readdirSync(path.join(localesDir, lang))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
}

function catalogue(lang: string, ns: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as unknown;
}

describe('locale catalogues', () => {
  it('have the same namespace files in every language', () => {
    const [first, ...others] = LANGUAGES;
    for (const lang of others) expect(namespaces(lang)).toEqual(namespaces(first));
  });

  for (const ns of namespaces('fr')) {
    it(`${ns}: fr and en have identical keys and no empty text`, () => {
      const keys = LANGUAGES.map((lang) => leafKeys(catalogue(lang, ns)).sort());
      expect(keys[1]).toEqual(keys[0]);
      for (const lang of LANGUAGES) {
        const empty = leafValues(catalogue(lang, ns)).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
        expect(empty.map(([key]) => `${lang}:${key}`)).toEqual([]);
      }
    });
  }

  // Issue 7, DECISIONS §11: the seeds' messages give the meaning, not their spelling mistakes,
  // and a French form shows no English.
  const FRENCH_MISTAKES = [
    /\bRequired\b/,
    /Ce champs/,
    /\bLe deux mots\b/i,
    /\bcorresponde\b/,
    /\bsvp\b/,
    /enrégistr/,
    /doivent etre/,
    /Adresse Email/,
  ];
  it("fr: no English leftovers nor the seeds' misspellings", () => {
    for (const ns of namespaces('fr')) {
      const wrong = leafValues(catalogue('fr', ns)).filter(
        ([, text]) => typeof text === 'string' && FRENCH_MISTAKES.some((mistake) => mistake.test(text)),
      );
      expect(wrong.map(([key, text]) => `${ns}:${key} = ${String(text)}`)).toEqual([]);
    }
  });

  // French puts a space before « : ; ! ? % » and inside « », and a line must never start with one of
  // them: a no-break space (U+00A0; PDFs' standard fonts have no narrow one), never a plain one.
  it('fr: a no-break space before : ; ! ? % and », after «, never a plain one (nor none before : ; ! ?)', () => {
    for (const ns of namespaces('fr')) {
      const wrong = leafValues(catalogue('fr', ns)).filter(
        ([, text]) => typeof text === 'string' && (/ [:;!?%»]|« /.test(text) || /[\p{L}\d}»)][;!?]|[\p{L}\d}»)]:(?!\/\/|\d)|«[^\u00a0]|[^\u00a0]»/u.test(text)),
      );
      expect(wrong.map(([key, text]) => `${ns}:${key} = ${String(text)}`)).toEqual([]);
    }
  });

  it('the password message states the rule the contract enforces (no special character asked)', () => {
    for (const lang of LANGUAGES) {
      const text = (catalogue(lang, 'common') as { validation: { passwordWeak: string } }).validation.passwordWeak;
      expect(text).toMatch(/6/);
      expect(text).not.toMatch(/spécial|special/i);
    }
  });

  it('finds a missing key (the check can fail)', () => {
    expect(leafKeys({ a: { b: 'x', c: 'y' } }).sort()).not.toEqual(leafKeys({ a: { b: 'x' } }).sort());
  });
});
