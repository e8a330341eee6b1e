import type { Language } from '@app/common/languages';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { sendCreditNote } from './credit-note-pdf.service.js';
import { invoiceOfVersion } from './document-answers.service.js';
import { readFile } from '../files/files.service.js';
import { sendInvoiceDocument } from '../invoices/invoices.documents.service.js';
import { sendReceptionReceipt } from '../receptions/reception-receipt.service.js';

export type DocumentRequest = { actor: Actor; file: string; format: 'a4' | 'ticket'; lang: Language };

/** One kind of document: the name pattern of its `file` reference and how to send it. */
type DocumentKind = {
  pattern: RegExp;
  send: (db: Db, reply: FastifyReply, id: number, request: DocumentRequest) => Promise<FastifyReply>;
};

/**
 * The kinds of `file` references. A stored image is `image-{id}` (any extension); documents
 * rendered from data are `{kind}-{id}.pdf` and are added here by the feature that renders them.
 */
const KINDS: DocumentKind[] = [
  {
    pattern: /^image-(\d{1,10})(?:\.[a-z0-9]{2,5})?$/,
    send: async (db, reply, id, { actor }) => {
      const file = await readFile(db, actor, id);
      // nosniff: the stored type is the one checked at upload. Private: who asks decides.
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  },
  // Invoices (features/invoices): A4, or the 80 mm ticket with ?format=ticket.
  { pattern: /^facture-(\d{1,10})\.pdf$/, send: (db, reply, id, { actor, format, lang }) => sendInvoiceDocument(db, reply, actor, id, { format, lang }) },
  // One version of an invoice's issued document (an edit's earlier ones stay retrievable, DECISIONS §14).
  {
    pattern: /^document-(\d{1,10})\.pdf$/,
    send: async (db, reply, id, { actor, format, lang }) => {
      const invoiceId = await invoiceOfVersion(db, id);
      if (invoiceId === undefined) throw new AppError('NOT_FOUND');
      return sendInvoiceDocument(db, reply, actor, invoiceId, { format, lang, versionId: id });
    },
  },
  // A credit note (issue 21): its own frozen document.
  { pattern: /^avoir-(\d{1,10})\.pdf$/, send: (db, reply, id, { actor, format, lang }) => sendCreditNote(db, reply, actor, id, { pdf: true, format, lang }) },
  // A reception's receipt (receptions/reception-receipt.service.ts).
  { pattern: /^reception-(\d{1,10})\.pdf$/, send: (db, reply, id, { actor, lang }) => sendReceptionReceipt(db, reply, id, { actor, lang }) },
];

export async function sendDocument(db: Db, reply: FastifyReply, request: DocumentRequest): Promise<FastifyReply> {
  for (const kind of KINDS) {
    const match = kind.pattern.exec(request.file);
    if (!match) continue;
    const id = Number(match[1]);
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new AppError('NOT_FOUND');
    return kind.send(db, reply, id, request);
  }
  throw new AppError('NOT_FOUND');
}

/** The `file` reference of a stored image. */
export const imageFileRef = (fileId: number | null, contentType?: string) =>
  fileId === null ? null : `image-${fileId}${contentType ? `.${contentType.split('/')[1]}` : ''}`;
