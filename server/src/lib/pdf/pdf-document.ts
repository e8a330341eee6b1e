import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import type PDFKitDocument from 'pdfkit';
import { shareStandardFonts } from './shared-fonts.js';

const require = createRequire(import.meta.url);
let loaded: typeof PDFKitDocument | undefined;
/**
 * pdfkit, loaded on the first document rather than at start-up: it is about 25 MB of the
 * server's memory and a good part of its module loading time (issue 11, restart and RSS). Its
 * standard fonts' metrics are then built once for all documents (shared-fonts.ts).
 */
function PDFDocument(): typeof PDFKitDocument {
  return (loaded ??= shareStandardFonts(require('pdfkit') as typeof PDFKitDocument));
}

/**
 * Documents are generated from data on request with pdfkit's standard fonts (about 2 ms a page;
 * ARCHITECTURE "PDFs"), never stored, so a document is never lost (DECISIONS §8). A4 for lists,
 * invoices and receipts; 80 mm wide tickets for thermal printers.
 */
export type PdfDoc = PDFKit.PDFDocument;

export const A4 = { width: 595.28, height: 841.89, margin: 40 } as const;
/** 80 mm paper, 4 mm margins each side. */
export const TICKET = { width: 226.77, margin: 11 } as const;

export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';

export type PdfInfo = { title: string; author?: string };

export function createA4(info: PdfInfo): PdfDoc {
  return new (PDFDocument())({
    size: 'A4',
    margin: A4.margin,
    info: { Title: info.title, Author: info.author ?? 'Boutiko' },
    autoFirstPage: true,
  });
}

/**
 * A ticket as tall as its content: `height` measures it with the ticket's own fonts before its
 * page is made (texts that wrap; see ticket.ts, which writes every ticket).
 */
export function createTicket(info: PdfInfo, height: (doc: PdfDoc) => number): PdfDoc {
  const doc = new (PDFDocument())({
    margin: TICKET.margin,
    info: { Title: info.title, Author: info.author ?? 'Boutiko' },
    autoFirstPage: false,
  });
  doc.addPage({ size: [TICKET.width, Math.max(200, Math.ceil(height(doc)))], margin: TICKET.margin });
  return doc;
}

/** A safe file name for Content-Disposition: letters, digits, dot, dash and underscore. */
export function pdfFileName(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `${base || 'document'}.pdf`;
}

/**
 * Sends a document as it is drawn: the bytes go to the client page by page, so that a print of
 * 100k rows never sits whole in memory. Errors while drawing end the stream (the client sees a
 * truncated file rather than a hung request); they are logged with the request.
 */
export function sendPdf(
  reply: FastifyReply,
  fileName: string,
  draw: (doc: PdfDoc) => Promise<void> | void,
  doc: PdfDoc,
): FastifyReply {
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${pdfFileName(fileName)}"`)
    .header('cache-control', 'private, no-store');
  void (async () => {
    try {
      await draw(doc);
    } catch (error) {
      reply.log.error({ err: error }, 'pdf drawing failed');
    } finally {
      doc.end();
    }
  })();
  return reply.send(doc);
}

/** The whole document in memory, for small documents (an invoice, a receipt) and for tests. */
export async function pdfBuffer(doc: PdfDoc, draw: (doc: PdfDoc) => Promise<void> | void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  await draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
