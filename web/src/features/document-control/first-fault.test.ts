import { describe, expect, it } from 'vitest';
import { faultLines } from './first-fault';

describe('first broken link', () => {
  it('shows nothing when the chains hold', () => {
    expect(faultLines(null)).toEqual([]);
  });

  it('names the series, the document and the reason', () => {
    expect(faultLines({ serie: 'FAC-2026', sequence: 4, numero: 'FAC-2026-000004', raison: 'contenu' })).toEqual([
      { key: 'series', value: 'FAC-2026' },
      { key: 'document', value: 'FAC-2026-000004' },
      { key: 'reason', value: 'control.reasons.contenu' },
    ]);
  });

  it('names a missing document by its place in the series', () => {
    expect(faultLines({ serie: 'AV-2026', sequence: 3, numero: null, raison: 'manquant' })[1]).toEqual({
      key: 'document',
      value: '#3',
    });
  });
});
