import { describe, expect, it } from 'vitest';
import { faultLines } from './first-fault';

describe('first broken link', () => {
  it('shows nothing when the chains hold', () => {
    expect(faultLines(null)).toEqual([]);
    expect(faultLines(undefined)).toEqual([]);
  });

  it("shows the server's sentence as the reason", () => {
    expect(faultLines('FAC-2026-000004: hash mismatch')).toEqual([{ key: 'reason', value: 'FAC-2026-000004: hash mismatch' }]);
  });

  it('shows the series, the document and the reason of an object, in that order', () => {
    expect(faultLines({ raison: 'hash', numero: 'FAC-2026-000004', serie: 'FAC-2026' })).toEqual([
      { key: 'series', value: 'FAC-2026' },
      { key: 'document', value: 'FAC-2026-000004' },
      { key: 'reason', value: 'hash' },
    ]);
  });
});
