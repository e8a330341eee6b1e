/** Keeps digits only, at most `max` of them: the phone masks of seed 000 §5. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D+/g, '').slice(0, max);
}
