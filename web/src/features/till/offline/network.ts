/** The browser knows it has no network (a sale then goes straight into the device's queue). */
export function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
