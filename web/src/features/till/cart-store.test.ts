import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart';
import { cartKey, draftKey, draftStore, loadCart, loadKeptCart, saveCart, type CartStorage } from './cart-store';

function memoryStorage(): CartStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const lines: CartLine[] = [
  { articleId: 4, designation: 'Riz 25 kg', unitPriceFcfa: 15000, quantity: 2 },
  { articleId: 9, designation: 'Huile 1 L', unitPriceFcfa: 1250, quantity: 1 },
];

describe('the kept cart', () => {
  it('comes back for the same user, shop and depot', () => {
    const storage = memoryStorage();
    saveCart(storage, 7, 3, 12, lines);
    expect(loadCart(storage, 7, 3, 12)).toEqual(lines);
  });

  it('is kept apart per user and per shop, and not restored for another depot', () => {
    const storage = memoryStorage();
    saveCart(storage, 7, 3, 12, lines);
    expect(loadCart(storage, 8, 3, 12)).toEqual([]);
    expect(loadCart(storage, 7, 4, 12)).toEqual([]);
    expect(loadCart(storage, 7, 3, 13)).toEqual([]);
    saveCart(storage, 8, 3, 12, lines.slice(1));
    expect(loadCart(storage, 7, 3, 12)).toEqual(lines);
    expect(loadCart(storage, 8, 3, 12)).toEqual(lines.slice(1));
  });

  it('is removed when the cart is emptied (a sale made, the cart cleared)', () => {
    const storage = memoryStorage();
    saveCart(storage, 7, 3, 12, lines);
    saveCart(storage, 7, 3, 12, []);
    expect(storage.data.has(cartKey(7, 3))).toBe(false);
    expect(loadCart(storage, 7, 3, 12)).toEqual([]);
  });

  it('gives an empty cart for anything unreadable', () => {
    const storage = memoryStorage();
    for (const stored of [
      '{not json',
      '"text"',
      JSON.stringify({ depot: 12 }),
      JSON.stringify({ depot: '12', lines }),
      JSON.stringify({ depot: 12, lines: [{ ...lines[0], quantity: 0 }] }),
      JSON.stringify({ depot: 12, lines: [{ ...lines[0], quantity: 1.5 }] }),
      JSON.stringify({ depot: 12, lines: [{ ...lines[0], unitPriceFcfa: -1 }] }),
      JSON.stringify({ depot: 12, lines: [{ articleId: 4, quantity: 1 }] }),
    ]) {
      storage.setItem(cartKey(7, 3), stored);
      expect(loadCart(storage, 7, 3, 12), stored).toEqual([]);
    }
  });

  it('keeps one line per article', () => {
    const storage = memoryStorage();
    storage.setItem(cartKey(7, 3), JSON.stringify({ depot: 12, lines: [lines[0], { ...lines[0], quantity: 5 }] }));
    expect(loadCart(storage, 7, 3, 12)).toEqual([lines[0]]);
  });

  it('stays in memory when the storage refuses it', () => {
    const refusing: CartStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => saveCart(refusing, 7, 3, 12, lines)).not.toThrow();
  });

  it('keeps the discount with the cart, per user and shop, and drops it with the cart', () => {
    const storage = memoryStorage();
    saveCart(storage, 7, 3, 12, lines, 1_500);
    expect(loadKeptCart(storage, 7, 3, 12)).toEqual({ lines, discountFcfa: 1_500 });
    expect(loadKeptCart(storage, 8, 3, 12)).toEqual({ lines: [], discountFcfa: 0 });
    expect(loadKeptCart(storage, 7, 3, 13)).toEqual({ lines: [], discountFcfa: 0 });
    saveCart(storage, 7, 3, 12, lines, 0);
    expect(loadKeptCart(storage, 7, 3, 12)).toEqual({ lines, discountFcfa: 0 });
    saveCart(storage, 7, 3, 12, lines, 900);
    saveCart(storage, 7, 3, 12, [], 900);
    expect(storage.data.has(cartKey(7, 3))).toBe(false);
    expect(loadKeptCart(storage, 7, 3, 12)).toEqual({ lines: [], discountFcfa: 0 });
  });

  it('reads a cart kept without a discount (an older version) as none, and drops an unreadable discount only', () => {
    const storage = memoryStorage();
    storage.setItem(cartKey(7, 3), JSON.stringify({ depot: 12, lines }));
    expect(loadKeptCart(storage, 7, 3, 12)).toEqual({ lines, discountFcfa: 0 });
    for (const discount of [-5, 2.5, '500', null]) {
      storage.setItem(cartKey(7, 3), JSON.stringify({ depot: 12, lines, discount }));
      expect(loadKeptCart(storage, 7, 3, 12), String(discount)).toEqual({ lines, discountFcfa: 0 });
    }
  });
});

describe('the kept sale in flight', () => {
  it('is kept per user and shop, read back as it was written, and anything unreadable is none', () => {
    const storage = memoryStorage();
    const store = draftStore(storage, 7, 3);
    expect(store.load()).toBeNull();
    store.save({ signature: '81x2', id: 'abc', vendueLe: '2026-11-29T08:00:00.000Z' });
    expect(draftStore(storage, 7, 3).load()).toEqual({ signature: '81x2', id: 'abc', vendueLe: '2026-11-29T08:00:00.000Z' });
    expect(draftStore(storage, 7, 4).load()).toBeNull();
    store.save(null);
    expect(storage.getItem(draftKey(7, 3))).toBeNull();
    for (const bad of ['{', '[]', '{"signature":"a","id":"","vendueLe":"x"}', '{"id":"a"}']) {
      storage.setItem(draftKey(7, 3), bad);
      expect(store.load(), bad).toBeNull();
    }
  });
});
