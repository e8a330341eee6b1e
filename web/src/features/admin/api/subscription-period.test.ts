import { planPriceFcfa } from '@app/common/money';
import { describe, expect, it } from 'vitest';
import { defaultPriceFcfa, projectedEnd, subscriptionUpdate, yearsOf } from './subscription-period';

describe('subscription period', () => {
  it('turns days into the dialog years, 1 to 4', () => {
    expect(yearsOf(365)).toBe(1);
    expect(yearsOf(730)).toBe(2);
    expect(yearsOf(1095)).toBe(3);
    expect(yearsOf(1460)).toBe(4);
    expect(yearsOf(30)).toBe(1);
    expect(yearsOf(3650)).toBe(4);
  });

  it('ends an active line years × 365 days after its start', () => {
    expect(projectedEnd({ startsAt: '2026-01-10T08:00:00.000Z' }, 2)?.toISOString()).toBe('2028-01-10T08:00:00.000Z');
    expect(projectedEnd({ startsAt: '2026-01-10T08:00:00.000Z' }, 1)?.toISOString()).toBe('2027-01-10T08:00:00.000Z');
  });

  it('has no end for a pending line (it starts at activation)', () => {
    expect(projectedEnd({ startsAt: null }, 3)).toBeNull();
    expect(projectedEnd({ startsAt: 'not a date' }, 3)).toBeNull();
  });

  it('prices standard plans per year and leaves quotes to the admin', () => {
    expect(defaultPriceFcfa({ prixFcfa: 15_000 }, 2)).toBe(30_000);
    expect(defaultPriceFcfa({ prixFcfa: null }, 2)).toBeNull();
    expect(defaultPriceFcfa(undefined, 1)).toBeNull();
    // The same rule as the server's (one function in common).
    expect(defaultPriceFcfa({ prixFcfa: 60_000 }, 4)).toBe(planPriceFcfa(60_000, 4 * 365));
  });

  it('sends a price only for a quoted Personaliser plan, and activer only when ticked', () => {
    expect(subscriptionUpdate({ abonnement: 2, annees: 2, prixFcfa: 99, activer: false })).toEqual({ abonnement: 2, annees: 2 });
    expect(subscriptionUpdate({ abonnement: 4, annees: 1, prixFcfa: 250_000 })).toEqual({
      abonnement: 4,
      annees: 1,
      prixFcfa: 250_000,
    });
    expect(subscriptionUpdate({ abonnement: 4, annees: 3, prixFcfa: null, activer: true })).toEqual({
      abonnement: 4,
      annees: 3,
      activer: true,
    });
  });
});
