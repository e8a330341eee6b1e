import type { Shop } from '@app/common/contracts/shops';

export type ShopResolution = { kind: 'none' } | { kind: 'chosen'; shop: Shop } | { kind: 'choose'; shops: Shop[] };

/**
 * The shop a user works in (seed 000 §2, §4): the stored one while the user still belongs to it;
 * the only one when there is one; otherwise the user must choose. Admins have no shop.
 */
export function resolveShop(shops: readonly Shop[], storedId: number | null): ShopResolution {
  const stored = storedId === null ? undefined : shops.find((shop) => shop.idBoutique === storedId);
  if (stored) return { kind: 'chosen', shop: stored };
  if (shops.length === 0) return { kind: 'none' };
  if (shops.length === 1 && shops[0]) return { kind: 'chosen', shop: shops[0] };
  return { kind: 'choose', shops: [...shops] };
}
