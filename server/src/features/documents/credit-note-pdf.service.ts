import type { Language } from '@app/common/languages';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { printableContent } from './document-content.service.js';
import { creditNoteOf, findCreditNote } from './issued-documents.service.js';
import { issuedLogo } from './issued-logo.service.js';
import { drawIssuedPdf } from './issued-pdf.service.js';

/** GET /api/avoirs/{id} (JSON, or its PDF with `Accept: application/pdf`) and `avoir-{id}.pdf`. */
export async function sendCreditNote(
  db: Db,
  reply: FastifyReply,
  actor: Actor,
  id: number,
  options: { pdf: boolean; format: 'a4' | 'ticket'; lang: Language },
): Promise<FastifyReply> {
  const { doc, invoice } = await findCreditNote(db, actor, id);
  if (!options.pdf) return reply.send(creditNoteOf(doc, invoice, options.lang));
  const content = printableContent(doc);
  const logo = await issuedLogo(db, doc.shopId, content.issuer.logoFileId);
  const pdf = await drawIssuedPdf(content, { lang: options.lang, format: options.format, status: doc.status, logo });
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${doc.number}${options.format === 'ticket' ? '-ticket' : ''}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
