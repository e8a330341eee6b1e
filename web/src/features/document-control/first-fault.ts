/**
 * The first broken link of a check, as lines to show: the server names it (a series, a
 * document number, a reason), either as a sentence or as an object of those fields.
 */
export type FaultLine = { key: 'series' | 'document' | 'reason'; value: string };

const FIELDS: { key: FaultLine['key']; names: string[] }[] = [
  { key: 'series', names: ['serie', 'series'] },
  { key: 'document', names: ['numero', 'document', 'code', 'codeFac', 'codeAvoir', 'idDocument'] },
  { key: 'reason', names: ['raison', 'motif', 'reason', 'message'] },
];

export function faultLines(fault: unknown): FaultLine[] {
  if (fault === null || fault === undefined) return [];
  if (typeof fault === 'string' || typeof fault === 'number') return [{ key: 'reason', value: String(fault) }];
  if (typeof fault !== 'object') return [];
  const record = fault as Record<string, unknown>;
  const lines: FaultLine[] = [];
  for (const { key, names } of FIELDS) {
    const name = names.find((n) => typeof record[n] === 'string' || typeof record[n] === 'number');
    if (name) lines.push({ key, value: String(record[name]) });
  }
  return lines;
}
