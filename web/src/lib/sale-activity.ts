import { useSyncExternalStore } from 'react';

/**
 * Whether a sale is under way on this page (a cart with lines, or the pay panel open). A new
 * version of the app waits until it is not: the page never reloads in the middle of a sale
 * (issue 20 item 1).
 */
let busy = false;
const listeners = new Set<() => void>();

export function setSaleInProgress(value: boolean): void {
  if (busy === value) return;
  busy = value;
  for (const listener of listeners) listener();
}

export function isSaleInProgress(): boolean {
  return busy;
}

export function useSaleInProgress(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => busy,
    () => false,
  );
}
