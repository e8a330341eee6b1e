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

/** A sale attempt kept on the device until its answer comes (see `DraftStore`). */
export type StoredDraft = { signature: string; id: string; vendueLe: string };

/**
 * Where the attempt in flight is kept across a reload, a closed tab or a phone that dropped the
 * page while the answer was on its way: the till restores the cart, and its next attempt must
 * send the same id, or a sale the server recorded would be recorded a second time.
 */
export type DraftStore = { load: () => StoredDraft | null; save: (draft: StoredDraft | null) => void };

export function createSaleDraftKeeper(generate: () => string, now: () => Date = () => new Date(), store?: DraftStore): SaleDraftKeeper {
  // An attempt left by the last page whose answer never came: its id stays, as after `unanswered`.
  const left = store?.load() ?? null;
  let current: { signature: string; id: string; vendueLe: string | null; pinned: boolean } | null = left && { ...left, pinned: true };
  const ensure = (signature: string) => {
    if (!current || (current.signature !== signature && !current.pinned)) current = { signature, id: generate(), vendueLe: null, pinned: false };
    return current;
  };
  return {
    idFor: (signature) => ensure(signature).id,
    draftFor(signature) {
      const draft = ensure(signature);
      draft.vendueLe ??= now().toISOString();
      store?.save({ signature: draft.signature, id: draft.id, vendueLe: draft.vendueLe });
      return { id: draft.id, vendueLe: draft.vendueLe };
    },
    unanswered() {
      if (current) current.pinned = true;
    },
    done() {
      current = null;
      store?.save(null);
    },
  };
}
