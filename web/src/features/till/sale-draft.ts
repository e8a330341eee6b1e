import type { SaleDraft } from './payments';

export type SaleDraftKeeper = {
  /**
   * The sale id of this cart (made when the pay panel opens on it): the same while the cart stays
   * the same, so that a double tap, a reopened panel or a retry after a lost answer sends the same
   * id and the server records the sale once (DECISIONS §13).
   */
  idFor: (cartSignature: string) => string;
  /** The id and the device time of the sale, stamped at the first attempt and kept for its retries. */
  draftFor: (cartSignature: string) => SaleDraft;
  /** The server answered with the recorded sale: the next cart is another sale. */
  done: () => void;
};

export function createSaleDraftKeeper(generate: () => string, now: () => Date = () => new Date()): SaleDraftKeeper {
  let current: { signature: string; id: string; vendueLe: string | null } | null = null;
  const ensure = (signature: string) => {
    if (!current || current.signature !== signature) current = { signature, id: generate(), vendueLe: null };
    return current;
  };
  return {
    idFor: (signature) => ensure(signature).id,
    draftFor(signature) {
      const draft = ensure(signature);
      draft.vendueLe ??= now().toISOString();
      return { id: draft.id, vendueLe: draft.vendueLe };
    },
    done() {
      current = null;
    },
  };
}
