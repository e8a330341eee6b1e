import { describe, expect, it } from 'vitest';
import { changeDue, givesChange, needsReference, paymentOutcome } from './payments.js';

describe('paymentOutcome (DECISIONS §6)', () => {
  it('applies a partial payment and leaves the remainder', () => {
    expect(paymentOutcome({ remainingFcfa: 10_000, payingFcfa: 4_000, method: 'orange_money' })).toEqual({
      appliedFcfa: 4_000,
      changeFcfa: 0,
      remainingFcfa: 6_000,
      settled: false,
    });
  });

  it('gives change in cash when more than the remainder is handed over', () => {
    expect(paymentOutcome({ remainingFcfa: 6_000, payingFcfa: 10_000, method: 'cash' })).toEqual({
      appliedFcfa: 6_000,
      changeFcfa: 4_000,
      remainingFcfa: 0,
      settled: true,
    });
  });

  it('keeps what is handed apart from what is paid (cashier variant)', () => {
    expect(paymentOutcome({ remainingFcfa: 5_000, payingFcfa: 3_000, handedFcfa: 10_000, method: 'cash' })).toEqual({
      appliedFcfa: 3_000,
      changeFcfa: 7_000,
      remainingFcfa: 2_000,
      settled: false,
    });
  });

  it('refuses change for any method but cash', () => {
    for (const method of ['orange_money', 'wave', 'mtn_momo', 'moov_money', 'card', 'cheque'] as const) {
      expect(paymentOutcome({ remainingFcfa: 1_000, payingFcfa: 1_500, method })).toEqual({
        refused: 'PAYMENT_EXCEEDS_REMAINDER',
      });
      expect(paymentOutcome({ remainingFcfa: 1_000, payingFcfa: 1_000, method })).toMatchObject({ settled: true, changeFcfa: 0 });
    }
  });

  it('refuses a settled invoice and a handed amount below the paid one', () => {
    expect(paymentOutcome({ remainingFcfa: 0, payingFcfa: 100, method: 'cash' })).toEqual({ refused: 'INVOICE_SETTLED' });
    expect(paymentOutcome({ remainingFcfa: 500, payingFcfa: 400, handedFcfa: 300, method: 'cash' })).toEqual({
      refused: 'PAYMENT_HANDED_TOO_LOW',
    });
  });

  it('takes whole FCFA only', () => {
    expect(() => paymentOutcome({ remainingFcfa: 100, payingFcfa: 10.5, method: 'cash' })).toThrow(RangeError);
    expect(() => paymentOutcome({ remainingFcfa: 100, payingFcfa: 0, method: 'cash' })).toThrow(RangeError);
  });
});

describe('payment methods (DECISIONS §12)', () => {
  it('asks a reference of mobile money and card, change only of cash', () => {
    expect(needsReference('wave')).toBe(true);
    expect(needsReference('card')).toBe(true);
    expect(needsReference('cash')).toBe(false);
    expect(needsReference('cheque')).toBe(false);
    expect(givesChange('cash')).toBe(true);
    expect(givesChange('moov_money')).toBe(false);
  });

  it('shows remitted minus paid in the settled-invoice dialog', () => {
    expect(changeDue(10_000, 7_500)).toBe(2_500);
    expect(changeDue(1_000, 2_000)).toBe(0);
  });
});
