import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { SaleBody } from '@app/common/contracts/sales';
import type { PaymentMethod } from '@app/common/payments';
import { settleSale, type SaleSettlement, type SettlementRefusal } from '@app/common/sale';
import type { CartLine } from './cart';

/** The till's methods, in the order of their keys 1..6 (a cheque is taken at the cash desk). */
export const TILL_METHODS = [
  'cash',
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
  'card',
] as const satisfies readonly PaymentMethod[];
export type TillMethod = (typeof TILL_METHODS)[number];

/** One payment line of the pay panel: an empty amount is a line not filled in yet. */
export type PayLine = { method: TillMethod; amount: number | ''; reference: string };

export type Settlement = { ok: true; settlement: SaleSettlement } | { ok: false; refused: SettlementRefusal; index: number };

/** Lines with an amount, with their index in the panel (a refusal names the panel's line). */
function filled(lines: readonly PayLine[]) {
  return lines.flatMap((line, index) => (typeof line.amount === 'number' && line.amount > 0 ? [{ line, index }] : []));
}

/** The panel's lines against the total, through the shared rule (`settleSale`): change, remainder, refusals. */
export function settle(totalFcfa: number, lines: readonly PayLine[]): Settlement {
  const used = filled(lines);
  const result = settleSale(
    totalFcfa,
    used.map(({ line }) => ({ method: line.method, handedFcfa: line.amount as number, reference: line.reference })),
  );
  if ('refused' in result) return { ok: false, refused: result.refused, index: used[result.index]?.index ?? 0 };
  return { ok: true, settlement: result };
}

/** What is left for line `index` to pay once the other lines are applied (its quick amounts, its "exact amount"). */
export function dueFor(totalFcfa: number, lines: readonly PayLine[], index: number): number {
  const others = lines.map((line, i) => (i === index ? { ...line, amount: '' as const } : line));
  const result = settle(totalFcfa, others);
  if (result.ok) return result.settlement.remainingFcfa;
  const paid = others.reduce((sum, l) => sum + (typeof l.amount === 'number' ? l.amount : 0), 0);
  return Math.max(0, totalFcfa - paid);
}

/**
 * A cash sale is paid in full; a sale on credit names its client and may leave a remainder
 * (DECISIONS §6, §13). A sale the discount brings to 0 FCFA is paid in full with no payment.
 */
export function canConfirm(typeFacture: number, result: Settlement, clientId: number | null): boolean {
  if (!result.ok) return false;
  if (typeFacture === INVOICE_TYPE.credit) return clientId !== null;
  return result.settlement.settled;
}

export type SaleDraft = { id: string; vendueLe: string };

/** POST /api/ventes: the cart's articles and quantities and what was handed over; prices stay the server's. */
export function saleRequest(input: {
  draft: SaleDraft;
  shopId: number;
  depotId: number;
  registerId: number | null;
  clientId: number | null;
  typeFacture: number;
  cart: readonly CartLine[];
  /** The discount agreed at the till (whole FCFA, 0 for none): the server checks it by the shared rule. */
  discountFcfa?: number;
  payments: readonly PayLine[];
}): SaleBody {
  return {
    id: input.draft.id,
    vendueLe: input.draft.vendueLe,
    boutique: input.shopId,
    depot: input.depotId,
    caisse: input.registerId,
    client: input.clientId,
    typeFacture: input.typeFacture,
    remise: input.discountFcfa ?? 0,
    lignes: input.cart.map((l) => ({ article: l.articleId, quantite: l.quantity })),
    paiements: filled(input.payments).map(({ line }) => ({
      methode: line.method,
      montant: line.amount as number,
      reference: line.method === 'cash' ? null : line.reference.trim() || null,
    })),
    aEmporter: true,
  };
}
