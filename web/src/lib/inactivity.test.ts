import { INACTIVITY_LOGOUT_MS } from '@app/common/constants';
import { describe, expect, it } from 'vitest';
import { idleRemaining, readInactivityMs } from './inactivity';

const storage = (value: string | null) => ({ getItem: () => value });

describe('readInactivityMs', () => {
  it('defaults to one hour', () => {
    expect(readInactivityMs(storage(null))).toBe(INACTIVITY_LOGOUT_MS);
    expect(readInactivityMs(undefined)).toBe(3_600_000);
  });

  it('takes a positive whole override', () => {
    expect(readInactivityMs(storage('3000'))).toBe(3000);
    expect(readInactivityMs(storage('-5'))).toBe(INACTIVITY_LOGOUT_MS);
    expect(readInactivityMs(storage('abc'))).toBe(INACTIVITY_LOGOUT_MS);
  });
});

describe('idleRemaining', () => {
  it('counts from the last activity', () => {
    expect(idleRemaining(1_000, 2_000, 3_000)).toBe(2_000);
    expect(idleRemaining(1_000, 5_000, 3_000)).toBeLessThanOrEqual(0);
  });
});
