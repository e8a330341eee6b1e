/**
 * Subscription plans of DECISIONS §2 as the landing page shows them. `code` is the plan code
 * the register screen sends; a null price is quoted by the admin ("Personaliser").
 * The same table belongs in common/src (see the report): the server's plan limits use it too.
 */
export type PlanCard = {
  code: 2 | 3 | 4;
  key: 'bronze' | 'argent' | 'custom';
  priceFcfaPerYear: number | null;
  highlighted: boolean;
};

export const PLAN_CARDS: readonly PlanCard[] = [
  { code: 2, key: 'bronze', priceFcfaPerYear: 15_000, highlighted: false },
  { code: 3, key: 'argent', priceFcfaPerYear: 60_000, highlighted: true },
  { code: 4, key: 'custom', priceFcfaPerYear: null, highlighted: false },
];
