import { afterEach, describe, expect, it } from 'vitest';
import { createA4, createTicket, FONT, FONT_BOLD, pdfBuffer, type PdfDoc } from './pdf-document.js';
import { drawTableDocument, drawTotals, totalsHeight, type PdfColumn } from './pdf-parts.js';
import { setFontSharing, sharedFontNames } from './shared-fonts.js';

type Internals = { _font: { id: string; name: string; document: unknown; font: object } };
const fontOf = (doc: PdfDoc, name: string) => (doc.font(name) as unknown as Internals)._font;

type Row = { label: string; amount: string };
const columns: PdfColumn<Row>[] = [
  { header: 'Désignation', width: 4, value: (r) => r.label },
  { header: 'Montant', width: 2, align: 'right', value: (r) => r.amount },
];
const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({ label: `AVA Wax « été » n°${i} — Œuvre`, amount: `${(i + 1) * 1500} F` }));

/** An invoice-like A4 (header, table, totals) and a ticket-like page, as the invoice draws them. */
async function drawBoth(): Promise<Buffer[]> {
  const a4 = await pdfBuffer(createA4({ title: 'FAC-1' }), async (doc) => {
    const y = await drawTableDocument(doc, {
      shop: { nom: 'Boutique Plateau', adresse: 'Rue du Commerce', telephone: '27202122' },
      heading: { title: 'Facture FAC-1', lines: ['Date : 25/11/2026', 'Client : Yao Kouassi'] },
      columns,
      rows,
      rowCount: rows.length,
      footer: (page, pages) => `Page ${page} / ${pages}`,
      emptyText: 'Aucune ligne',
      reserveAtEnd: totalsHeight(2),
    });
    drawTotals(doc, y, [
      { label: 'Total', value: '99 000 F', bold: true },
      { label: 'Payé', value: '0 F' },
    ]);
  });
  const ticket = await pdfBuffer(createTicket({ title: 'FAC-1' }, () => 300), (doc) => {
    doc.font(FONT_BOLD).fontSize(11).text('Boutique Plateau', 11, 11, { width: 204, align: 'center', lineBreak: false, ellipsis: true });
    doc.font(FONT).fontSize(8).text('AVATAR Wo, To, Ty', 11, 30, { width: 204, align: 'right', lineBreak: false });
  });
  return [a4, ticket];
}

/** The bytes that differ between two renders of the same document: the creation date (its own object) and the file id made from it. */
const normalised = (pdf: Buffer) => {
  const text = pdf.toString('latin1');
  expect(text).toMatch(/\(D:\d{14}Z\)/);
  expect(text).toMatch(/\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/);
  return text.replace(/\(D:\d{14}Z\)/g, '(D:date)').replace(/\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/g, '/ID [<id> <id>]');
};

afterEach(() => setFontSharing(true));

describe('standard fonts shared between documents', () => {
  it('builds the metrics of Helvetica and Helvetica-Bold once: every document uses the same ones under its own font object', () => {
    const [one, two] = [createA4({ title: 'a' }), createA4({ title: 'b' })];
    for (const name of [FONT, FONT_BOLD]) {
      const [a, b] = [fontOf(one, name), fontOf(two, name)];
      expect(a.font, name).toBe(b.font);
      expect(a).not.toBe(b);
      expect([a.document, b.document]).toEqual([one, two]);
      expect(a.name).toBe(name);
    }
    // pdfkit's own ids, in the order the fonts were first used: the default Helvetica, then the bold.
    for (const doc of [one, two]) expect([fontOf(doc, FONT).id, fontOf(doc, FONT_BOLD).id]).toEqual(['F1', 'F2']);
    expect(sharedFontNames()).toEqual(expect.arrayContaining([FONT, FONT_BOLD]));
    one.end();
    two.end();
  });

  it('shares any standard font once used, and leaves a document drawing with pdfkit alone when sharing is off', () => {
    const first = createA4({ title: 'a' });
    const oblique = fontOf(first, 'Helvetica-Oblique').font;
    expect(fontOf(createA4({ title: 'b' }), 'Helvetica-Oblique').font).toBe(oblique);
    setFontSharing(false);
    const own = createA4({ title: 'c' });
    expect(fontOf(own, FONT).font).not.toBe(fontOf(first, FONT).font);
  });

  it('measures text as pdfkit does, kerning included', () => {
    const measure = () => {
      const doc = createA4({ title: 'x' }).font(FONT).fontSize(10);
      return [doc.widthOfString('AV'), doc.widthOfString('AVATAR Wo, To, Ty'), doc.font(FONT_BOLD).widthOfString('AVATAR Wo')];
    };
    const shared = [measure(), measure()];
    setFontSharing(false);
    const stock = measure();
    // Helvetica.afm: A and V are 667 wide, and the pair A V kerns by -70 (per 1000, at 10 pt).
    expect(stock[0]).toBeCloseTo(12.64, 10);
    expect(shared).toEqual([stock, stock]);
  });

  it('draws documents byte for byte the same as pdfkit alone, apart from the creation date', async () => {
    const shared = await drawBoth();
    const again = await drawBoth();
    setFontSharing(false);
    const stock = await drawBoth();
    for (const [i, pdf] of stock.entries()) {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(normalised(shared[i]!)).toBe(normalised(pdf));
      expect(normalised(again[i]!)).toBe(normalised(pdf));
    }
  });
});
