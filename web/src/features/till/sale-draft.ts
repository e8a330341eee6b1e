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
  /**
   * An attempt got no answer (network, timeout, server error): the sale may have been recorded. Its
   * id is then kept for every next attempt, even if the cart changes, until the server answers:
   * the server records at most one sale under it, and answers the one it recorded.
   */
  unanswered: () => void;
  /** The server answered with the recorded sale: the next cart is another sale. */
  done: () => void;
};

export function createSaleDraftKeeper(generate: () => string, now: () => Date = () => new Date()): SaleDraftKeeper {
  let current: { signature: string; id: string; vendueLe: string | null; pinned: boolean } | null = null;
  const ensure = (signature: string) => {
    if (!current || (current.signature !== signature && !current.pinned)) current = { signature, id: generate(), vendueLe: null, pinned: false };
    return current;
  };
  return {
    idFor: (signature) => ensure(signature).id,
    draftFor(signature) {
      const draft = ensure(signature);
      draft.vendueLe ??= now().toISOString();
      return { id: draft.id, vendueLe: draft.vendueLe };
    },
    unanswered() {
      if (current) current.pinned = true;
    },
    done() {
      current = null;
    },
  };
}
