/** A random idempotency key; crypto.randomUUID only exists on https and localhost. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type RetryKey = {
  /** The key for this action: the same one while the same action (same fingerprint) is retried. */
  keyFor: (fingerprint: string) => string;
  /** After an attempt: keep the key only if the attempt may be retried (no answer, or 5xx). */
  settle: (retryable: boolean) => void;
  reset: () => void;
};

/**
 * One key per user action (the server replays the first answer of a key, so a double tap or a
 * retry after a lost answer never writes twice). An answered attempt (success or refusal) is
 * stored by the server under its key, so the next attempt needs a new key; an unanswered one
 * keeps it. Changing the values makes it a different action.
 */
export function createRetryKey(generate: () => string = newIdempotencyKey): RetryKey {
  let current: { key: string; fingerprint: string } | null = null;
  return {
    keyFor(fingerprint) {
      if (!current || current.fingerprint !== fingerprint) current = { key: generate(), fingerprint };
      return current.key;
    },
    settle(retryable) {
      if (!retryable) current = null;
    },
    reset() {
      current = null;
    },
  };
}
