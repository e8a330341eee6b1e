import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatFcfa } from '@app/common/money';
import { describe, expect, it } from 'vitest';
import { createA4, pdfBuffer } from './pdf-document.js';
import { overlappingWords, pdfWords } from '../../test/pdf-words.js';
import { drawTableDocument, drawTotals, pageCount, totalsHeight, type PdfColumn } from './pdf-parts.js';

type Row = { n: number; label: string; amount: number };
const columns: PdfColumn<Row>[] = [
  { header: 'N°', width: 1, value: (r) => String(r.n) },
  { header: 'Désignation', width: 4, value: (r) => r.label },
  { header: 'Montant', width: 2, align: 'right', value: (r) => formatFcfa(r.amount, { forPdf: true }) },
];
const heading = { title: 'Liste du stock', lines: ['Dépôt : Tous — Catégorie : Toutes', 'Imprimé le 23/11/2026 à 10:00:00'] };
const shop = { nom: 'Boutique Plateau', adresse: 'Rue du Commerce, Abidjan', telephone: '27202122' };
/** A shop's name of 120 characters and an address of 240, the longest the forms take being 120 and 255. */
const longShop = {
  nom: 'Société Ivoirienne de Distribution Générale de Matériaux, Quincaillerie et Électroménager du Plateau SARL',
  adresse: `${'Immeuble Alpha 2000, 4e étage, Avenue Chardy, Rue du Commerce, en face de la Pharmacie du Plateau, '.repeat(2)}Abidjan 01`,
  telephone: '27202122',
};

async function* generate(count: number): AsyncIterable<Row> {
  for (let n = 1; n <= count; n++) yield { n, label: `Article ${n} — écharpe à pois`, amount: n * 1500 };
}

/** Pages of a PDF, counted from its page objects. */
const pagesOf = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('table documents', () => {
  it('announce exactly the number of pages they draw, with or without totals', async () => {
    // A heading line too long for one line takes two: the count knows it.
    const long = {
      ...heading,
      lines: [...heading.lines, `Client : ${'Société Ivoirienne de Distribution et de Commerce Général '.repeat(3)}`],
    };
    // An invoice's pages after the first start with a line naming it: fewer rows on them.
    const continued = { ...heading, continuation: 'Facture FAC-2026-000001 · Awa Commerce SARL (suite)' };
    for (const count of [0, 1, 30, 32, 33, 34, 35, 36, 37, 38, 80, 1000]) {
      for (const [reserve, head, issuer] of [
        [0, continued, shop],
        [totalsHeight(5), continued, shop],
        [totalsHeight(12), continued, longShop],
        [0, heading, shop],
        [totalsHeight(5), heading, shop],
        [0, long, shop],
        [totalsHeight(5), long, shop],
        [0, heading, longShop],
        [totalsHeight(5), long, longShop],
      ] as const) {
        const measure = createA4({ title: 'x' });
        const expected = pageCount(measure, issuer, head, count, reserve);
        const pdf = await pdfBuffer(createA4({ title: 'x' }), async (doc) => {
          const y = await drawTableDocument(doc, {
            shop: issuer,
            heading: head,
            columns,
            rows: generate(count),
            rowCount: count,
            footer: (page, pages) => `Page ${page} / ${pages}`,
            emptyText: 'Aucune donnée',
            reserveAtEnd: reserve,
          });
          if (reserve)
            drawTotals(
              doc,
              y,
              Array.from({ length: 5 }, (_, i) => ({ label: `Total ${i}`, value: formatFcfa(i * 1000, { forPdf: true }) })),
            );
        });
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(
          pagesOf(pdf),
          `${count} rows, ${reserve} reserved, ${head.lines.length} heading lines, ${issuer.nom.length} characters of shop name`,
        ).toBe(expected);
      }
    }
  });

  it("starts every page after the first with the continuation line, over nothing else", async () => {
    const continuation = 'Facture FAC-2026-000001 · Awa Commerce SARL (suite)';
    const pdf = await pdfBuffer(createA4({ title: 'x' }), async (doc) => {
      await drawTableDocument(doc, {
        shop,
        heading: { ...heading, continuation },
        columns,
        rows: generate(80),
        rowCount: 80,
        footer: (page, pages) => `Page ${page} / ${pages}`,
        emptyText: 'Aucune donnée',
      });
    });
    const page = (n: number) => execFileSync('pdftotext', ['-layout', '-f', String(n), '-l', String(n), '-', '-'], { input: pdf, encoding: 'utf8' });
    expect(page(1)).not.toContain('(suite)');
    for (const n of [2, 3]) {
      const text = page(n);
      expect(text.trimStart().startsWith(continuation), `page ${n}`).toBe(true);
      // The table's header row follows it, then the rows.
      expect(text.indexOf('Désignation')).toBeGreaterThan(text.indexOf('(suite)'));
    }
  });

  it("prints a shop's long name and address whole, on two lines each, over nothing else", async () => {
    const pdf = await pdfBuffer(createA4({ title: 'x' }), async (doc) => {
      await drawTableDocument(doc, {
        shop: longShop,
        heading,
        columns,
        rows: generate(3),
        rowCount: 3,
        footer: (page, pages) => `${page}/${pages}`,
        emptyText: '-',
      });
    });
    expect(overlappingWords(pdf)).toEqual([]);
    const words = pdfWords(pdf);
    const printed = words.map((w) => w.word);
    for (const word of `${longShop.nom} ${longShop.adresse}`.split(/\s+/)) expect(printed, word).toContain(word);
    expect(printed.join(' ')).not.toContain('\u2026');
    // The name's last word is on a second line, below its first, and the phone below the address's last word.
    const at = (word: string) => words.find((w) => w.word === word)!;
    expect(at('SARL').yMin).toBeGreaterThan(at('Société').yMin);
    expect(at('27202122').yMin).toBeGreaterThan(at('01').yMin);
  });

  it('cuts a cell too long for its column with an ellipsis, right-aligns amounts, and keeps accented text', async () => {
    const long = 'Attiéké garba — très grand sac familial de cinquante kilogrammes, livraison comprise';
    const rows: Row[] = [
      { n: 1, label: long, amount: 1_234_500 },
      { n: 2, label: 'Œuf « frais »', amount: 75 },
    ];
    const pdf = await pdfBuffer(createA4({ title: 'x' }), async (doc) => {
      await drawTableDocument(doc, {
        shop,
        heading,
        columns,
        rows,
        rowCount: 2,
        footer: (page, pages) => `${page}/${pages}`,
        emptyText: '-',
      });
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-parts-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.pdf'), pdf);
      const lines = execFileSync('pdftotext', ['-layout', path.join(dir, 'a.pdf'), '-'], { encoding: 'utf8' }).split('\n');
      const first = lines.find((line) => line.includes('Attiéké garba'))!;
      expect(first).toContain('\u2026');
      expect(first).not.toContain('livraison comprise');
      expect(lines.some((line) => line.includes('Œuf « frais »'))).toBe(true);
      // Right-aligned: both amounts end at the same column
      const amounts = lines
        .filter((line) => line.includes('Attiéké') || line.includes('Œuf'))
        .map((line) => line.trimEnd().length);
      expect(amounts).toHaveLength(2);
      // (pdftotext's layout rounds positions to character cells: one cell apart at most; left-aligned would be 7.)
      expect(Math.abs(amounts[0]! - amounts[1]!)).toBeLessThanOrEqual(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('wrapped cells', () => {
  it('a text too wide at the row size but narrow enough at the wrap size is drawn smaller, inside its column', async () => {
    // The stock print's columns: the designation (140 points) beside the category.
    const stockColumns: PdfColumn<{ designation: string; category: string }>[] = [
      { header: 'Désignation', width: 140, wrap: true, value: (r) => r.designation },
      { header: 'Catégorie', width: 56, wrap: true, value: (r) => r.category },
      // The rest of the stock print's 515 points (depot, prices, quantities).
      { header: 'Dépôt', width: 319, value: () => 'Magasin principal' },
    ];
    const names = ['Couches bébé taille 4 (paquet de 30)', 'Riz', 'Huile de palme raffinée Dinor bidon de 5 litres pour la cuisine familiale'];
    const pdf = await pdfBuffer(createA4({ title: 'x' }), async (doc) => {
      await drawTableDocument(doc, {
        shop,
        heading,
        columns: stockColumns,
        rows: (async function* () {
          for (const designation of names) yield { designation, category: 'Hygiène' };
        })(),
        rowCount: names.length,
        footer: (page, pages) => `Page ${page} / ${pages}`,
        emptyText: 'Aucune donnée',
      });
    });
    // It ran over « Hygiène » in the next column.
    expect(overlappingWords(pdf)).toEqual([]);
    const words = pdfWords(pdf).map((w) => w.word);
    for (const word of ['Couches', '30)', 'Riz', 'Hygiène']) expect(words).toContain(word);
  });

  it('prints every header whole: smaller when its column is narrow, on two lines when smaller is not enough', async () => {
    // The report's columns in French: « Coût des articles vendus » and « Articles vendus » were cut with « … ».
    const reportColumns: PdfColumn<{ n: number }>[] = [
      { header: 'Date', width: 2, value: () => '01/11/2026' },
      { header: 'Factures', width: 1.2, align: 'right', value: (r) => String(r.n) },
      { header: 'Articles vendus', width: 1.5, align: 'right', value: (r) => String(r.n) },
      { header: 'Montant vendu', width: 2.2, align: 'right', value: () => '39 300 FCFA' },
      { header: 'Coût des articles vendus', width: 2.4, align: 'right', value: () => '33 240 FCFA' },
      { header: 'Bénéfice', width: 2.2, align: 'right', value: () => '6 060 FCFA' },
      // Far too long for its share: two lines.
      { header: 'Quantité disponible en stock', width: 1.6, align: 'right', value: (r) => String(r.n) },
    ];
    const pdf = await pdfBuffer(createA4({ title: 'x' }), async (doc) => {
      await drawTableDocument(doc, {
        shop,
        heading,
        columns: reportColumns,
        rows: [{ n: 2 }],
        rowCount: 1,
        footer: (page, pages) => `Page ${page} / ${pages}`,
        emptyText: 'Aucune donnée',
      });
    });
    expect(overlappingWords(pdf)).toEqual([]);
    const words = pdfWords(pdf).map((w) => w.word);
    // Each word whole (« vendus… » would not match).
    for (const header of reportColumns.slice(0, 6)) for (const word of header.header.split(' ')) expect(words, header.header).toContain(word);
    // The two-line header keeps its first words whole (the rest is cut only past two lines).
    for (const word of ['Quantité', 'disponible']) expect(words).toContain(word);
  });
});
