import { A4, FONT, FONT_BOLD, type PdfDoc } from './pdf-document.js';

/**
 * The parts every A4 document is made of: the shop's header, a title block, a table that runs
 * over as many pages as needed (its header row repeated, page numbers in the footer) and totals.
 * Text is drawn at fixed heights so that the number of pages is known before drawing
 * (`pageCount`): a streamed print can say "page 3 / 120" without holding the pages in memory.
 */

export type PdfShop = { nom: string; adresse: string; telephone: string };

/**
 * The fixed lines under the shop's header: title, then e.g. the filter and the date.
 * `continuation`: a line at the top of every page after the first (an invoice's number and issuer,
 * so that each page of it says what it belongs to).
 */
export type PdfHeading = { title: string; lines: string[]; continuation?: string };

export type PdfColumn<T> = {
  header: string;
  /** Share of the table's width (the shares are normalised). */
  width: number;
  align?: 'left' | 'right' | 'center';
  /**
   * A text too long for one line goes on two lines in a smaller size, cut with an ellipsis only
   * when even two are not enough (names, labels). Rows keep their height, so pages stay counted.
   */
  wrap?: boolean;
  /** A text too long for the cell is drawn smaller on its one line, never cut (amounts: a figure is never shortened). */
  shrink?: boolean;
  value: (row: T) => string;
};

const ROW_HEIGHT = 18;
/** The continuation line's room at the top of the pages after the first. */
const CONTINUATION_HEIGHT = 16;
const HEADER_ROW_HEIGHT = 22;
const FOOTER_HEIGHT = 24;
/** The shop's block with its name and address on one line each; each takes a second line when it needs one. */
const SHOP_BLOCK_HEIGHT = 58;
const SHOP_NAME_SIZE = 15;
const SHOP_NAME_LINE_HEIGHT = 18;
const SHOP_LINE_SIZE = 9.5;
const SHOP_LINE_HEIGHT = 13;
const HEADING_LINE_HEIGHT = 15;
const TITLE_HEIGHT = 26;
const GREY = '#555555';
const RULE = '#cccccc';

const contentWidth = () => A4.width - 2 * A4.margin;
const tableBottom = () => A4.height - A4.margin - FOOTER_HEIGHT;

const HEADING_SIZE = 9.5;

/** How many lines (one or two) a heading line takes: a client's long name goes on two, cut with « … » past them. */
function headingLineCount(doc: PdfDoc, line: string): 1 | 2 {
  doc.font(FONT).fontSize(HEADING_SIZE);
  return doc.widthOfString(line) > contentWidth() ? 2 : 1;
}

/**
 * How many lines (one or two) the shop's name and address take: a legal document names its issuer
 * and its address whole (a name of 120 characters, an address of 255), cut with « … » only past two.
 */
function shopLineCounts(doc: PdfDoc, shop: PdfShop): { name: 1 | 2; address: 1 | 2 } {
  doc.font(FONT_BOLD).fontSize(SHOP_NAME_SIZE);
  const name = doc.widthOfString(shop.nom) > contentWidth() ? 2 : 1;
  doc.font(FONT).fontSize(SHOP_LINE_SIZE);
  const address = doc.widthOfString(shop.adresse) > contentWidth() ? 2 : 1;
  return { name, address };
}

/** Height of the shop's block: its name, address and phone, then the rule under them. */
function shopBlockHeight(lines: { name: 1 | 2; address: 1 | 2 }): number {
  return SHOP_BLOCK_HEIGHT + (lines.name - 1) * SHOP_NAME_LINE_HEIGHT + (lines.address - 1) * SHOP_LINE_HEIGHT;
}

/** Height of the shop header and heading on the first page, measured with `doc`'s fonts. */
function headingHeight(doc: PdfDoc, shop: PdfShop, heading: PdfHeading): number {
  const lines = heading.lines.reduce((sum, line) => sum + headingLineCount(doc, line), 0);
  return shopBlockHeight(shopLineCounts(doc, shop)) + TITLE_HEIGHT + lines * HEADING_LINE_HEIGHT + 10;
}

/**
 * How many pages a table of `rowCount` rows takes, with `reserveAtEnd` points kept for totals
 * after it: the same arithmetic as `drawTableDocument`, page by page (cheap even for 100k rows).
 * `doc` measures the shop's block and the heading (a line may take two).
 */
/** Where a page after the first starts: under its continuation line, if any. */
const nextPageTop = (heading: PdfHeading) => A4.margin + (heading.continuation ? CONTINUATION_HEIGHT : 0);

/** A page after the first: its continuation line drawn, answers where the page's content starts. */
function startNextPage(doc: PdfDoc, heading: PdfHeading): number {
  doc.addPage();
  if (heading.continuation) {
    doc.font(FONT).fontSize(8.5).fillColor(GREY).text(heading.continuation, A4.margin, A4.margin, { width: contentWidth(), height: 11, lineBreak: false, ellipsis: true });
    doc.fillColor('black');
  }
  return nextPageTop(heading);
}

export function pageCount(doc: PdfDoc, shop: PdfShop, heading: PdfHeading, rowCount: number, reserveAtEnd = 0): number {
  const firstTop = A4.margin + headingHeight(doc, shop, heading) + HEADER_ROW_HEIGHT;
  const firstRows = Math.floor((tableBottom() - firstTop) / ROW_HEIGHT);
  const nextTop = nextPageTop(heading) + HEADER_ROW_HEIGHT;
  const nextRows = Math.floor((tableBottom() - nextTop) / ROW_HEIGHT);
  let pages = 1;
  let rowsOnPage = Math.min(rowCount, firstRows);
  let left = rowCount - rowsOnPage;
  while (left > 0) {
    pages += 1;
    rowsOnPage = Math.min(left, nextRows);
    left -= rowsOnPage;
  }
  const top = pages === 1 ? firstTop : nextTop;
  const end = top + rowsOnPage * ROW_HEIGHT + (rowCount === 0 ? ROW_HEIGHT + 8 : 0);
  return end + reserveAtEnd > tableBottom() ? pages + 1 : pages;
}

/**
 * `text` at (x, y) on `count` lines of `lineHeight` (the font already set): with a height, pdfkit
 * cuts a text longer than its room with « … »; without one it wraps it over the next line in spite
 * of `lineBreak: false`.
 */
function linesOfText(doc: PdfDoc, text: string, x: number, y: number, count: 1 | 2, lineHeight: number, oneLineHeight: number): void {
  if (count === 1) doc.text(text, x, y, { width: contentWidth(), height: oneLineHeight, lineBreak: false, ellipsis: true });
  else doc.text(text, x, y, { width: contentWidth(), height: 2 * lineHeight, lineGap: lineHeight - doc.currentLineHeight(true), ellipsis: true });
}

/**
 * The shop's block and the document's heading, one line each but for a shop's name or address or a
 * heading line too long for one, which takes two (measured the same way by `pageCount`).
 */
export function drawShopHeader(doc: PdfDoc, shop: PdfShop, heading: PdfHeading): void {
  const left = A4.margin;
  const top = A4.margin;
  const counts = shopLineCounts(doc, shop);
  doc.font(FONT_BOLD).fontSize(SHOP_NAME_SIZE).fillColor('black');
  linesOfText(doc, shop.nom, left, top, counts.name, SHOP_NAME_LINE_HEIGHT, 18);
  const address = top + counts.name * SHOP_NAME_LINE_HEIGHT + 2;
  const phone = address + counts.address * SHOP_LINE_HEIGHT;
  doc.font(FONT).fontSize(SHOP_LINE_SIZE).fillColor(GREY);
  linesOfText(doc, shop.adresse, left, address, counts.address, SHOP_LINE_HEIGHT, 12);
  linesOfText(doc, shop.telephone, left, phone, 1, SHOP_LINE_HEIGHT, 12);
  const blockHeight = shopBlockHeight(counts);
  doc
    .moveTo(left, top + blockHeight - 8)
    .lineTo(left + contentWidth(), top + blockHeight - 8)
    .strokeColor(RULE)
    .lineWidth(1)
    .stroke();
  let y = top + blockHeight;
  doc
    .font(FONT_BOLD)
    .fontSize(14)
    .fillColor('black')
    .text(heading.title, left, y, { width: contentWidth(), height: 17, lineBreak: false, ellipsis: true });
  y += TITLE_HEIGHT;
  for (const line of heading.lines) {
    const count = headingLineCount(doc, line);
    doc.fillColor(GREY);
    linesOfText(doc, line, left, y, count, HEADING_LINE_HEIGHT, 12);
    y += count * HEADING_LINE_HEIGHT;
  }
  doc.fillColor('black');
  doc.y = y + 10;
}

function columnXs<T>(columns: PdfColumn<T>[]): { x: number; width: number }[] {
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  let x = A4.margin;
  return columns.map((column) => {
    const width = (column.width / total) * contentWidth();
    const placed = { x, width };
    x += width;
    return placed;
  });
}

function drawHeaderRow<T>(doc: PdfDoc, columns: PdfColumn<T>[], y: number): number {
  const xs = columnXs(columns);
  doc.rect(A4.margin, y, contentWidth(), HEADER_ROW_HEIGHT).fill('#eeeeee');
  doc.font(FONT_BOLD).fillColor('black');
  columns.forEach((column, i) => {
    const { x, width } = xs[i]!;
    const room = width - 8;
    // One line at 9 pt, or smaller down to 7.5 pt; a header still too wide (« Montant sortie de
    // stock » in a narrow column) takes two lines at 7.5 pt within the row, cut only past them.
    let size = 9;
    while (size > 7.5 && doc.fontSize(size).widthOfString(column.header) > room) size -= 0.5;
    const oneLine = doc.fontSize(size).widthOfString(column.header) <= room;
    doc.text(column.header, x + 4, oneLine ? y + 7 : y + 2.5, {
      width: room,
      height: oneLine ? 11 : 18,
      align: column.align ?? 'left',
      lineGap: oneLine ? 0 : -0.5,
      ellipsis: true,
      ...(oneLine && { lineBreak: false }),
    });
  });
  doc.fontSize(9);
  return y + HEADER_ROW_HEIGHT;
}

/**
 * Widths of single characters in the body font at the row's size, measured once each: rows are
 * fitted and right-aligned by summing them (kerning pairs ignored: at most a fraction of a point
 * over a cell), instead of pdfkit measuring every cell with its kerning table.
 */
const ROW_FONT_SIZE = 9;
const rowCharWidths = new WeakMap<PdfDoc, Map<string, number>>();

function widthOf(doc: PdfDoc, widths: Map<string, number>, text: string): number {
  let sum = 0;
  for (const char of text) {
    let w = widths.get(char);
    if (w === undefined) {
      w = doc.widthOfString(char);
      widths.set(char, w);
    }
    sum += w;
  }
  return sum;
}

/** `text` cut with an ellipsis to fit `width`, and its width. */
function fitText(doc: PdfDoc, widths: Map<string, number>, text: string, width: number): { text: string; width: number } {
  const full = widthOf(doc, widths, text);
  if (full <= width) return { text, width: full };
  const room = width - widthOf(doc, widths, '\u2026');
  let used = 0;
  let end = 0;
  for (const char of text) {
    const w = widths.get(char)!;
    if (used + w > room) break;
    used += w;
    end += char.length;
  }
  const cut = `${text.slice(0, end).trimEnd()}\u2026`;
  return { text: cut, width: widthOf(doc, widths, cut) };
}

/** Size and line tops (from the row's top) of a cell's text on two lines: both fit the row's height. */
const WRAP_FONT_SIZE = 7.5;
const WRAP_LINE_TOPS = [1.5, 9.5] as const;

/**
 * `text` in `width` points: one line at the row's size when it fits there (a single entry);
 * otherwise two lines at the wrap size (widths are measured at the row's size, hence the scale),
 * broken after the last word that fits, or inside a word longer than a line, the second line cut
 * with an ellipsis when the rest does not fit either, or empty when the whole fits on the first.
 */
export function wrapText(doc: PdfDoc, widths: Map<string, number>, text: string, width: number): { text: string; width: number }[] {
  const room = (width * ROW_FONT_SIZE) / WRAP_FONT_SIZE;
  const scale = (w: number) => (w * WRAP_FONT_SIZE) / ROW_FONT_SIZE;
  const full = widthOf(doc, widths, text);
  if (full <= width) return [{ text, width: full }];
  // Too wide at the row's size, narrow enough at the wrap size: one line at that size (it was drawn
  // at the row's size, over the next column: « Couches bébé taille 4 (paquet de 30) »).
  if (full <= room) return [{ text, width: scale(full) }, { text: '', width: 0 }];
  let used = 0;
  let end = 0;
  let lastSpace = -1;
  for (const char of text) {
    const w = widths.get(char)!;
    if (used + w > room) break;
    if (/\s/.test(char)) lastSpace = end;
    used += w;
    end += char.length;
  }
  const breakAt = lastSpace > 0 ? lastSpace : Math.max(end, 1);
  const first = text.slice(0, breakAt).trimEnd();
  const second = fitText(doc, widths, text.slice(breakAt).trimStart(), room);
  return [
    { text: first, width: scale(widthOf(doc, widths, first)) },
    { text: second.text, width: scale(second.width) },
  ];
}

/** Unicode -> WinAnsi code of the standard fonts, beyond Latin-1 (pdfkit's own table). */
const WIN_ANSI: Record<number, number> = {
  402: 131,
  8211: 150,
  8212: 151,
  8216: 145,
  8217: 146,
  8218: 130,
  8220: 147,
  8221: 148,
  8222: 132,
  8224: 134,
  8225: 135,
  8226: 149,
  8230: 133,
  8364: 128,
  8240: 137,
  8249: 139,
  8250: 155,
  710: 136,
  8482: 153,
  338: 140,
  339: 156,
  732: 152,
  352: 138,
  353: 154,
  376: 159,
  381: 142,
  382: 158,
};
/** Helvetica's ascender (AFM, per 1000): pdfkit places a line's top, not its baseline, at y. */
const HELVETICA_ASCENDER = 718;

/** A standard font's text as a PDF hex string in WinAnsi; what it cannot encode becomes "?". */
function winAnsiHex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const byte = code < 256 ? code : (WIN_ANSI[code] ?? 63);
    hex += byte < 16 ? `0${byte.toString(16)}` : byte.toString(16);
  }
  return hex;
}

type FontInternals = { id?: unknown; ref?: () => unknown };

/**
 * The current font's resource name on this page, registered like pdfkit's own text drawing does,
 * or undefined when pdfkit's internals are not the expected ones (the rows are then drawn with
 * `doc.text`, slower but the same).
 */
function pageFontId(doc: PdfDoc): string | undefined {
  const font = (doc as unknown as { _font?: FontInternals })._font;
  const fonts = (doc.page as unknown as { fonts?: Record<string, unknown> }).fonts;
  if (!font || typeof font.id !== 'string' || typeof font.ref !== 'function' || !fonts) return undefined;
  fonts[font.id] ??= font.ref();
  return font.id;
}

/**
 * One table row, its cells written as PDF text operators in one piece of page content. pdfkit's
 * `text` per cell measures every string twice with its kerning table and wraps it when given a
 * width: a 30k-row print took 40 s. Cells are fitted and aligned with the character widths
 * above; kerning is left out (a fraction of a point).
 */
function drawRow<T>(
  doc: PdfDoc,
  columns: PdfColumn<T>[],
  xs: { x: number; width: number }[],
  row: T,
  y: number,
  shaded: boolean,
): void {
  if (shaded) doc.rect(A4.margin, y, contentWidth(), ROW_HEIGHT).fill('#f7f7f7');
  doc.font(FONT).fontSize(ROW_FONT_SIZE).fillColor('black');
  let widths = rowCharWidths.get(doc);
  if (!widths) rowCharWidths.set(doc, (widths = new Map()));
  const fontId = pageFontId(doc);
  const baseline = A4.height - (y + 5) - (HELVETICA_ASCENDER / 1000) * ROW_FONT_SIZE;
  const ops: string[] = [];
  const leftOf = (column: PdfColumn<T>, x: number, width: number, textWidth: number) =>
    column.align === 'right' ? x + width - 4 - textWidth : column.align === 'center' ? x + (width - textWidth) / 2 : x + 4;
  columns.forEach((column, i) => {
    const { x, width } = xs[i]!;
    const value = column.value(row);
    if (value === '') return;
    if (column.shrink) {
      const full = widthOf(doc, widths, value);
      if (full > width - 8) {
        const size = (ROW_FONT_SIZE * (width - 8)) / full;
        const left = leftOf(column, x, width, width - 8);
        if (fontId === undefined) doc.fontSize(size).text(value, left, y + 5, { lineBreak: false }).fontSize(ROW_FONT_SIZE);
        else ops.push(`/${fontId} ${size.toFixed(2)} Tf 1 0 0 1 ${left.toFixed(2)} ${baseline.toFixed(2)} Tm <${winAnsiHex(value)}> Tj /${fontId} ${ROW_FONT_SIZE} Tf`);
        return;
      }
    }
    const lines = column.wrap ? wrapText(doc, widths, value, width - 8) : [fitText(doc, widths, value, width - 8)];
    if (lines.length === 1) {
      const left = leftOf(column, x, width, lines[0]!.width);
      if (fontId === undefined) doc.text(lines[0]!.text, left, y + 5, { lineBreak: false });
      else ops.push(`1 0 0 1 ${left.toFixed(2)} ${baseline.toFixed(2)} Tm <${winAnsiHex(lines[0]!.text)}> Tj`);
      return;
    }
    if (fontId === undefined) doc.fontSize(WRAP_FONT_SIZE);
    else ops.push(`/${fontId} ${WRAP_FONT_SIZE} Tf`);
    lines.forEach((line, n) => {
      if (line.text === '') return;
      const left = leftOf(column, x, width, line.width);
      const top = y + WRAP_LINE_TOPS[n]!;
      if (fontId === undefined) doc.text(line.text, left, top, { lineBreak: false });
      else {
        const lineBaseline = A4.height - top - (HELVETICA_ASCENDER / 1000) * WRAP_FONT_SIZE;
        ops.push(`1 0 0 1 ${left.toFixed(2)} ${lineBaseline.toFixed(2)} Tm <${winAnsiHex(line.text)}> Tj`);
      }
    });
    if (fontId === undefined) doc.fontSize(ROW_FONT_SIZE);
    else ops.push(`/${fontId} ${ROW_FONT_SIZE} Tf`);
  });
  // pdfkit's pages draw with y downwards (a flipped CTM): text goes back to PDF's y upwards.
  if (ops.length > 0) doc.addContent(`q 1 0 0 -1 0 ${A4.height} cm BT /${fontId} ${ROW_FONT_SIZE} Tf ${ops.join(' ')} ET Q`);
}

export type PageFooter = (page: number, pages: number) => string;

function drawFooter(doc: PdfDoc, text: string): void {
  const y = A4.height - A4.margin - 12;
  doc
    .font(FONT)
    .fontSize(8.5)
    .fillColor(GREY)
    .text(text, A4.margin, y, { width: contentWidth(), align: 'center', lineBreak: false });
  doc.fillColor('black');
}

/**
 * The shop header, the heading and a table over as many pages as needed, rows taken from an
 * array or an async iterator (a database cursor), so that memory stays flat whatever the
 * count. `rowCount` must be the number of rows the iterator yields (it sets "page n / N").
 * Returns the y where the table ended, with `reserveAtEnd` points free below it for totals.
 */
export async function drawTableDocument<T>(
  doc: PdfDoc,
  options: {
    shop: PdfShop;
    heading: PdfHeading;
    columns: PdfColumn<T>[];
    rows: Iterable<T> | AsyncIterable<T>;
    rowCount: number;
    footer: PageFooter;
    emptyText: string;
    reserveAtEnd?: number;
  },
): Promise<number> {
  const { shop, heading, columns, rows, rowCount, footer, emptyText, reserveAtEnd = 0 } = options;
  const pages = pageCount(doc, shop, heading, rowCount, reserveAtEnd);
  let page = 1;
  drawShopHeader(doc, shop, heading);
  let y = drawHeaderRow(doc, columns, doc.y);
  const xs = columnXs(columns);
  let index = 0;
  for await (const row of rows as AsyncIterable<T>) {
    if (y + ROW_HEIGHT > tableBottom()) {
      drawFooter(doc, footer(page, pages));
      page += 1;
      y = drawHeaderRow(doc, columns, startNextPage(doc, heading));
    }
    drawRow(doc, columns, xs, row, y, index % 2 === 1);
    y += ROW_HEIGHT;
    index += 1;
  }
  if (index === 0) {
    doc
      .font(FONT)
      .fontSize(10)
      .fillColor(GREY)
      .text(emptyText, A4.margin, y + 8, { width: contentWidth(), align: 'center' });
    doc.fillColor('black');
    y += ROW_HEIGHT + 8;
  }
  if (y + reserveAtEnd > tableBottom()) {
    drawFooter(doc, footer(page, pages));
    page += 1;
    y = startNextPage(doc, heading);
  }
  // The last page's footer is drawn now; totals go between the table and it.
  drawFooter(doc, footer(page, Math.max(page, pages)));
  return y;
}

/**
 * Label / value lines right-aligned under a table (sums, discount, VAT per rate, total, paid,
 * remainder), one line each: the value takes its width at the right, the label the rest; a pair
 * too long for the block at its size (« TVA 19,25 % sur 1 257 862 FCFA ») is drawn smaller, never
 * wrapped over the next line.
 */
export function drawTotals(doc: PdfDoc, y: number, lines: { label: string; value: string; bold?: boolean }[]): number {
  const width = contentWidth() * 0.5;
  const x = A4.margin + contentWidth() - width;
  const gap = 8;
  let top = y + 8;
  for (const line of lines) {
    doc.font(line.bold ? FONT_BOLD : FONT).fillColor('black');
    let size = line.bold ? 11 : 10;
    const fits = () => doc.fontSize(size).widthOfString(line.label) + gap + doc.widthOfString(line.value) <= width;
    while (size > 6 && !fits()) size -= 0.5;
    doc.fontSize(size);
    const valueWidth = doc.widthOfString(line.value);
    doc.text(line.label, x, top, { width: width - valueWidth - gap, lineBreak: false, ellipsis: '…', height: 16 });
    doc.text(line.value, x + width - valueWidth, top, { lineBreak: false });
    top += 16;
  }
  return top;
}

/** Points a totals block of `lineCount` lines takes (for `reserveAtEnd`). */
export const totalsHeight = (lineCount: number) => 8 + lineCount * 16;
