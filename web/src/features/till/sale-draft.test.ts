import { describe, expect, it } from 'vitest';
import { createSaleDraftKeeper, type StoredDraft } from './sale-draft';

const ids = () => {
  let n = 0;
  return () => `sale-${++n}`;
};

describe('the sale id of a cart', () => {
  it('is the same while the cart is the same, another for another cart, a new one after the answer', () => {
    const keeper = createSaleDraftKeeper(ids(), () => new Date('2026-11-26T10:00:00Z'));
    expect(keeper.idFor('a:1')).toBe('sale-1');
    expect(keeper.draftFor('a:1')).toEqual({ id: 'sale-1', vendueLe: '2026-11-26T10:00:00.000Z' });
    expect(keeper.idFor('a:2')).toBe('sale-2');
    keeper.done();
    expect(keeper.idFor('a:2')).toBe('sale-3');
  });

  it('stays after an attempt without an answer, even when the cart changes, until the server answers', () => {
    const keeper = createSaleDraftKeeper(ids());
    const first = keeper.draftFor('a:1');
    keeper.unanswered();
    // The cashier adds an article and tries again: the same id, so the server records one sale at most.
    expect(keeper.draftFor('a:1,b:1')).toEqual(first);
    keeper.done();
    expect(keeper.draftFor('a:1,b:1').id).not.toBe(first.id);
  });
});

describe('the sale in flight, kept across a reload', () => {
  const memory = () => {
    let kept: StoredDraft | null = null;
    return { load: () => kept, save: (draft: StoredDraft | null) => (kept = draft), peek: () => kept };
  };

  it('is kept from the attempt until the answer, and the next page sends it under the same id, cart changed or not', () => {
    const store = memory();
    const first = createSaleDraftKeeper(ids(), () => new Date('2026-11-29T08:00:00Z'), store);
    expect(first.idFor('a:1')).toBe('sale-1');
    // Nothing is kept before an attempt: a reload with a cart never sent starts a new sale id.
    expect(store.peek()).toBeNull();
    const sent = first.draftFor('a:1');
    expect(store.peek()).toEqual({ signature: 'a:1', ...sent });
    // The page dies before the answer; the next one (another keeper, another generator) restores it.
    const next = createSaleDraftKeeper(
      () => 'other',
      () => new Date('2026-11-29T08:05:00Z'),
      store,
    );
    expect(next.draftFor('a:1')).toEqual(sent);
    expect(next.draftFor('a:1,b:1')).toEqual(sent);
    next.done();
    expect(store.peek()).toBeNull();
    expect(next.idFor('a:1')).toBe('other');
  });
});
