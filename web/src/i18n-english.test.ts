// English words on the screen (issue 22 item 16, DECISIONS §11): English puts no space before a
// colon (that is French typography), and names a sold thing with one word everywhere.
//
// The word chosen is "article": it was the most used in the en catalogues (74 uses against
// 27 for "item" and 3 for "product"), and it is the seed's word. "Item" and "product" must not
// appear, so a screen never says "Items sold" beside "Articles".
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const enDir = path.join(root, 'common/locales/en');

function leafValues(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => leafValues(child, prefix ? `${prefix}.${key}` : key));
}

const texts: [string, string][] = fs
  .readdirSync(enDir)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => leafValues(JSON.parse(fs.readFileSync(path.join(enDir, file), 'utf8')), file.replace(/\.json$/, '')));

/** Source files of the screens and the server (PDFs), without the tests. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('English catalogues', () => {
  it('were read', () => {
    expect(texts.length).toBeGreaterThan(500);
  });

  it('put no space (plain, no-break or narrow) before a colon', () => {
    const french = texts.filter(([, text]) => /[\s\u00a0\u202f]:/.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(french).toEqual([]);
  });

  it('say "article", never "item" or "product"', () => {
    const others = texts.filter(([, text]) => /\b(items?|products?)\b/i.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(others).toEqual([]);
  });

  it('are not followed by a hard-coded " :" in the code (a translated label then a French colon)', () => {
    // `{t('total')} : {amount}` in JSX or `${t('x')} : ${y}` in a template shows "Total :" in English too:
    // the colon belongs in the catalogue, where each language places it.
    const files = [...sources(path.join(root, 'web/src')), ...sources(path.join(root, 'server/src'))];
    const found = files.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => [index + 1, line] as const)
        .filter(([, line]) => /(\)\}|\)|\})[ \u00a0\u202f]:[ \u00a0\u202f]*(\{|\$\{)/.test(line) && /\bt\(|\.k\(|\bk\(/.test(line))
        .filter(([, line]) => !/\?\s*[^:]*\)\s*:/.test(line))
        .map(([number, line]) => `${path.relative(root, file)}:${number}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
