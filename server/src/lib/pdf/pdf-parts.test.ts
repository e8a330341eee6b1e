import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatFcfa } from '@app/common/money';
import { describe, expect, it } from 'vitest';
import { createA4, pdfBuffer } from './pdf-document.js';
import { drawTableDocument, drawTotals, pageCount, totalsHeight, type PdfColumn } from './pdf-parts.js';

type Row = { n: number; label: string; amount: number };
const columns: PdfColumn<Row>[] = [
  { header: 'N°', width: 1, value: (r) => String(r.n) },
  { header: 'Désignation', width: 4, value: (r) => r.label },
  { header: 'Montant', width: 2, align: 'right', value: (r) => formatFcfa(r.amount, { forPdf: true }) },
];
const heading = { title: 'Liste du stock', lines: ['Dépôt : Tous — Catégorie : Toutes', 'Imprimé le 23/11/2026 à 10:00:00'] };
const shop = { nom: 'Boutique Plateau', adresse: 'Rue du Commerce, Abidjan', telephone: '27202122' };

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
    for (const count of [0, 1, 30, 32, 33, 34, 80, 1000]) {
      for (const [reserve, head] of [
        [0, heading],
        [totalsHeight(5), heading],
        [0, long],
        [totalsHeight(5), long],
      ] as const) {
        const measure = createA4({ title: 'x' });
        const expected = pageCount(measure, head, count, reserve);
        const pdf = await pdfBuffer(createA4({ title: 'x' }), async (doc) => {
          const y = await drawTableDocument(doc, {
            shop,
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
        expect(pagesOf(pdf), `${count} rows, ${reserve} reserved, ${head.lines.length} heading lines`).toBe(expected);
      }
    }
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
