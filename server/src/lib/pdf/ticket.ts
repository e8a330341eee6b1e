import { createTicket, FONT, FONT_BOLD, TICKET, type PdfDoc, type PdfInfo } from './pdf-document.js';

/** A ticket's line (points) and text sizes: the shop's name, the lines, the smaller wrapped paragraphs. */
const TICKET_LINE = 11;
const NAME_SIZE = 11;
const LINE_SIZE = 8;
const WRAP_SIZE = 7.5;

type Align = 'left' | 'center' | 'right';

/**
 * What a ticket is written with, from top to bottom. The same steps measure the paper (before
 * its page exists: fonts and sizes only) and then draw it, so the ticket is exactly as long as
 * what it prints, whatever wraps.
 */
export type TicketPen = {
  /** The shop's name, large and centred, wrapped whole. */
  name(text: string): void;
  /** One line, cut with « … » when longer than the paper (a height keeps pdfkit from wrapping it over the next line). */
  line(text: string, options?: { bold?: boolean; align?: Align }): void;
  /** A text at the lines' size, wrapped whole: one line of it is one ticket line. */
  text(text: string, options?: { bold?: boolean; align?: Exclude<Align, 'right'> }): void;
  /** A paragraph in the smaller size, wrapped whole (headings, the amount in words, the footer). */
  small(text: string, options?: { bold?: boolean; align?: Exclude<Align, 'right'> }): void;
  /**
   * A label and its amount on one line, the amount whole on the right (13 digits take more
   * than its usual two fifths). A label that does not fit beside it gets its own line above it.
   */
  pair(label: string, value: string, options?: { bold?: boolean }): void;
  /** A dashed rule across the paper. */
  rule(): void;
  /** `height` points of something else (a logo, a QR code), drawn by `draw` at the pen's place. */
  box(height: number, draw: (doc: PdfDoc, x: number, y: number, width: number) => void): void;
  /** Blank space. */
  gap(height: number): void;
  /** Where the next line starts. */
  readonly y: number;
};

function ticketPen(doc: PdfDoc, drawing: boolean): TicketPen {
  const width = TICKET.width - 2 * TICKET.margin;
  const x = TICKET.margin;
  let y = TICKET.margin;
  const font = (bold: boolean | undefined, size: number) => {
    // Font and size only while measuring: a colour would write to a page, and there is none yet.
    doc.font(bold ? FONT_BOLD : FONT).fontSize(size);
    if (drawing) doc.fillColor('black');
  };
  const wrapped = (text: string, size: number, after: number, options: { bold?: boolean; align?: Align }) => {
    font(options.bold, size);
    const height = doc.heightOfString(text, { width, align: options.align ?? 'left' });
    if (drawing) doc.text(text, x, y, { width, align: options.align ?? 'left' });
    y += height + after;
  };
  const line: TicketPen['line'] = (text, options = {}) => {
    if (drawing) {
      font(options.bold, LINE_SIZE);
      doc.text(text, x, y, { width, height: TICKET_LINE, align: options.align ?? 'left', lineBreak: false, ellipsis: true });
    }
    y += TICKET_LINE;
  };
  return {
    name: (text) => wrapped(text, NAME_SIZE, 3, { bold: true, align: 'center' }),
    line,
    text: (text, options = {}) => {
      font(options.bold, LINE_SIZE);
      wrapped(text, LINE_SIZE, TICKET_LINE - doc.currentLineHeight(true), options);
    },
    small: (text, options = {}) => wrapped(text, WRAP_SIZE, 2, options),
    pair: (label, value, options = {}) => {
      font(options.bold, LINE_SIZE);
      const valueWidth = Math.min(width, Math.max((width * 2) / 5, doc.widthOfString(value) + 1));
      const labelRoom = value === '' ? width : width - valueWidth - 4;
      if (doc.widthOfString(label) > labelRoom) {
        line(label, options);
        font(options.bold, LINE_SIZE);
      } else if (drawing) {
        doc.text(label, x, y, { width: labelRoom, height: TICKET_LINE, lineBreak: false, ellipsis: true });
      }
      if (drawing && value !== '')
        doc.text(value, x + width - valueWidth, y, { width: valueWidth, height: TICKET_LINE, align: 'right', lineBreak: false });
      y += TICKET_LINE;
    },
    rule: () => {
      y += 3;
      if (drawing)
        doc
          .moveTo(x, y)
          .lineTo(x + width, y)
          .dash(2, { space: 2 })
          .strokeColor('#000')
          .stroke()
          .undash();
      y += 5;
    },
    box: (height, draw) => {
      if (drawing) draw(doc, x, y, width);
      y += height;
    },
    gap: (height) => {
      y += height;
    },
    get y() {
      return y;
    },
  };
}

/** An 80 mm ticket written by `layout`: measured once to size the paper, then drawn by `draw`. */
export function ticketDocument(info: PdfInfo, layout: (pen: TicketPen) => void): { doc: PdfDoc; draw: () => void } {
  const doc = createTicket(info, (measure) => {
    const pen = ticketPen(measure, false);
    layout(pen);
    return pen.y + TICKET.margin;
  });
  return { doc, draw: () => layout(ticketPen(doc, true)) };
}
