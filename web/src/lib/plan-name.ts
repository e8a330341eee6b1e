import type { TFunction } from 'i18next';

/**
 * A plan's name in the screen's language: Bronze, Argent / Silver, Personnalisé / Custom. The
 * wire keeps the seed's `libelle` (« Personaliser », a verb misspelt); a plan the catalogue does
 * not name shows its libelle.
 */
export function planName(t: TFunction, plan: { code: number; libelle: string }): string {
  return t(`common:plans.${plan.code}`, { defaultValue: plan.libelle });
}
