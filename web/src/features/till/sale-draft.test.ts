import { describe, expect, it } from 'vitest';
import { createSaleDraftKeeper } from './sale-draft';

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
