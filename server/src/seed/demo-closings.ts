import { closingBody } from '@app/common/contracts/closings';
import { todayIn } from '@app/common/dates';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cashRegisters, shops } from '../db/schema/index.js';
import type { Actor } from '../lib/access.js';
import { closeDay, closingPreview } from '../features/closings/closings.service.js';

/**
 * Two past days of the shop's default register closed by the demo cashier through the closing
 * service: three days ago the drawer matched, two days ago it was 500 FCFA short. Today and
 * yesterday stay open, so that the journeys can still pay on the default register.
 */
export async function seedDemoClosings(db: Db, shopId: number, cashier: Actor): Promise<void> {
  const [shop] = await db.select({ timeZone: shops.timeZone }).from(shops).where(eq(shops.id, shopId));
  const [register] = await db
    .select({ id: cashRegisters.id })
    .from(cashRegisters)
    .where(and(eq(cashRegisters.shopId, shopId), eq(cashRegisters.isDefault, true)));
  if (!shop || !register) return;
  const float = 10_000;
  for (const [daysAgo, shortBy] of [
    [3, 0],
    [2, 500],
  ] as const) {
    const date = todayIn(shop.timeZone, Date.now() - daysAgo * 86_400_000);
    const preview = await closingPreview(db, cashier, register.id, date);
    if (preview.cloturee) continue;
    const counted = float + preview.especesAttendues - shortBy;
    const input = closingBody.parse({ caisse: register.id, date, fondDeCaisse: float, montantCompte: counted });
    await closeDay(db, cashier, input, null);
  }
}
