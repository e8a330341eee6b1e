import type { Article } from '@app/common/contracts/articles';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles } from '../../db/schema/index.js';
import type { Actor } from '../../lib/access.js';
import { storeImage } from '../files/uploads.service.js';
import { articleView, findMyArticle } from './articles.service.js';

/**
 * PUT /api/article/image/add/{id}: the image is checked by content, decoded and encoded again
 * (features/files), stored as a file of the article's shop, so that GET /api/downloadFile/image-{id}
 * serves it to the members of that shop only.
 */
export async function setArticleImage(db: Db, actor: Actor, articleId: number, upload: unknown): Promise<Article> {
  const ctx = await db.transaction(async (tx) => {
    const { ctx } = await findMyArticle(tx, actor, articleId, { lock: true });
    const fileId = await storeImage(tx, upload, { userId: actor.userId, shopId: ctx.shopId });
    await tx.update(articles).set({ imageFileId: fileId, updatedAt: new Date() }).where(eq(articles.id, articleId));
    return ctx;
  });
  return articleView(db, ctx, articleId);
}
