/**
 * A keyboard-wedge barcode scanner types the code's characters a few milliseconds apart, then
 * Enter. People type far slower (80 ms and more between keys). This buffer tells one from the
 * other by the gaps between keys, so that a scan is caught wherever the focus is, and typing in
 * the search box stays typing.
 */
export type WedgeOptions = {
  /** Longest gap between two keys of one scan. */
  maxGapMs?: number;
  /** Shortest code taken as a scan (EAN-8 has 8 digits; short Code 128 labels exist). */
  minLength?: number;
};

export type WedgeBuffer = {
  /**
   * Feeds one key (`KeyboardEvent.key`) at `timeMs`. Answers the code when this key is the Enter
   * ending a fast run of characters, `start` when the key begins a new run, null otherwise.
   */
  push: (key: string, timeMs: number) => { kind: 'scan'; code: string } | { kind: 'start' } | null;
  reset: () => void;
};

export function createWedgeBuffer({ maxGapMs = 60, minLength = 4 }: WedgeOptions = {}): WedgeBuffer {
  let chars = '';
  let lastAt = -Infinity;
  const reset = () => {
    chars = '';
    lastAt = -Infinity;
  };
  return {
    push(key, timeMs) {
      const fast = timeMs - lastAt <= maxGapMs;
      if (key === 'Enter') {
        const code = chars;
        reset();
        return fast && code.length >= minLength ? { kind: 'scan', code } : null;
      }
      // Printable characters only: Shift, F9 or arrows are not part of a code.
      if (key.length !== 1 || key === ' ') {
        reset();
        return null;
      }
      const starts = !fast || chars === '';
      chars = starts ? key : chars + key;
      lastAt = timeMs;
      return starts ? { kind: 'start' } : null;
    },
    reset,
  };
}
