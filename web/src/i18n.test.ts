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

  it('finds a missing key (the check can fail)', () => {
    expect(leafKeys({ a: { b: 'x', c: 'y' } }).sort()).not.toEqual(leafKeys({ a: { b: 'x' } }).sort());
  });
});
