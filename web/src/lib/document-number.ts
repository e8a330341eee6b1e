/**
 * A document's number (« FAC-2026-000043 ») as a title shows it: its hyphens become non-breaking
 * ones (U+2011), so that a narrow screen moves the whole number to the next line instead of
 * breaking it after « FAC- ».
 */
export function unbrokenNumber(code: string): string {
  return code.replace(/-/g, '\u2011');
}
