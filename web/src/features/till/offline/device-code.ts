import type { DeviceDb } from './device-db';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length = 4): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * The next provisional reference of this device (DECISIONS §13): its code, made once and kept, and
 * its own counter, e.g. `T7K2-42` (`TICKET_REF_PATTERN`). Taken in one transaction, so that two
 * tabs never print the same reference.
 */
export async function nextTicketRef(db: DeviceDb): Promise<string> {
  return db.transaction('rw', db.device, async () => {
    const row = (await db.device.get('device')) ?? { key: 'device' as const, code: randomCode(), counter: 0 };
    const next = { ...row, counter: row.counter + 1 };
    await db.device.put(next);
    return `${next.code}-${next.counter}`;
  });
}
