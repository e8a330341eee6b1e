import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { createWedgeBuffer } from './wedge-scanner';

export type TillKeyHandlers = {
  /** A keyboard-wedge scan: fast characters ending in Enter. */
  /**
   * `before`: what the search box held when the fast run began. On a busy device the scanner's
   * first characters may arrive slowly enough to be typed into the box, and only the rest as a run.
   */
  onScan: (code: string, before: string) => void;
  /** F9: charge. */
  onCharge: () => void;
  /** F8: a discount (the pay panel opens on its discount entry). */
  onDiscount: () => void;
  /** What the search box holds, to put it back once a scan typed into it. */
  getSearch: () => string;
  setSearch: (value: string) => void;
};

function isOtherField(target: EventTarget | null, search: HTMLInputElement | null): boolean {
  if (!(target instanceof HTMLElement) || target === search) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The till's keyboard, listened to on the whole window while `enabled` (no panel open):
 * a scanner's code is caught wherever the focus is (except while typing in another field), typing
 * with no field focused goes to the search box, F9 charges, F8 gives a discount. Listened to in the capture phase so
 * that the Enter ending a scan never reaches the search box (which adds its first match on Enter).
 */
export function useTillKeys(enabled: boolean, searchRef: RefObject<HTMLInputElement | null>, handlers: TillKeyHandlers): void {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const buffer = createWedgeBuffer();
    let searchBefore = '';
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const search = searchRef.current;
      if (event.key === 'F9') {
        event.preventDefault();
        buffer.reset();
        latest.current.onCharge();
        return;
      }
      if (event.key === 'F8') {
        event.preventDefault();
        buffer.reset();
        latest.current.onDiscount();
        return;
      }
      if (isOtherField(event.target, search)) {
        buffer.reset();
        return;
      }
      const seen = buffer.push(event.key, event.timeStamp);
      if (seen?.kind === 'start') searchBefore = latest.current.getSearch();
      if (seen?.kind === 'scan') {
        event.preventDefault();
        event.stopPropagation();
        // The scanner's characters went to the search box: it gets back what it held.
        latest.current.setSearch(searchBefore);
        latest.current.onScan(seen.code, searchBefore);
        return;
      }
      const typing = event.key.length === 1 && event.target !== search;
      const onButton = event.target instanceof HTMLButtonElement && event.key === ' ';
      if (typing && !onButton && search) {
        event.preventDefault();
        search.focus();
        latest.current.setSearch(latest.current.getSearch() + event.key);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled, searchRef]);
}
