import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documentChainHeads, issuedDocuments } from '../../db/schema/index.js';
import { chainHashOf, parseContent, sha256Hex } from '../documents/document-content.service.js';

/**
 * For the demo seed only, which back-dates the sales it makes through the services: the invoice's
 * document, the newest of its shop's FAC series, issued at `at` as the invoice now says, its hash,
 * its link and the series' head computed again, so that its print and its verification show the
 * sale's date and the chain still verifies. Never called by a route (an issued document is frozen).
 */
export async function dateNewestInvoiceDocument(db: Db, shopId: number, invoiceId: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [head] = await tx
      .select()
      .from(documentChainHeads)
      .where(and(eq(documentChainHeads.shopId, shopId), eq(documentChainHeads.series, 'FAC')))
      .for('update');
    const [doc] = await tx
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.shopId, shopId), eq(issuedDocuments.series, 'FAC'), eq(issuedDocuments.invoiceId, invoiceId)));
    if (!head || !doc || doc.seq !== head.seq) throw new Error(`invoice ${invoiceId}'s document is not the newest of its series`);
    const [previous] = await tx
      .select({ chainHash: issuedDocuments.chainHash })
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.shopId, shopId), eq(issuedDocuments.series, 'FAC'), eq(issuedDocuments.seq, doc.seq - 1)));
    const content = JSON.stringify({ ...parseContent(doc.content), issuedAt: at.toISOString() });
    const contentHash = sha256Hex(content);
    const chainHash = chainHashOf(previous?.chainHash ?? null, contentHash);
    await tx.update(issuedDocuments).set({ content, contentHash, chainHash, issuedAt: at }).where(eq(issuedDocuments.id, doc.id));
    await tx
      .update(documentChainHeads)
      .set({ contentHash, chainHash })
      .where(and(eq(documentChainHeads.shopId, shopId), eq(documentChainHeads.series, 'FAC')));
  });
}
