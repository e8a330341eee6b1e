import type { Shop } from '@app/common/contracts/shops';
import { useSession } from './session';

/** The shop the signed-in user works in (chosen in the app shell), or null (admins, not chosen yet). */
export function useCurrentShop(): Shop | null {
  const session = useSession();
  if (!session || session.shopId === null) return null;
  return session.user.boutiques.find((shop) => shop.idBoutique === session.shopId) ?? null;
}
