import type { Language } from '@app/common/languages';

/** Seed 000 §9: DD/MM/YYYY in French, YYYY/MM/DD in English. */
export function formatDate(value: string | Date, lang: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const yyyy = String(date.getFullYear());
  return lang === 'en' ? `${yyyy}/${mm}/${dd}` : `${dd}/${mm}/${yyyy}`;
}
