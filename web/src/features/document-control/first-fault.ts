import type { DocumentsControl } from '@app/common/contracts/legal';

/** A line of the first broken link: the series, the document (its number, or its place in the series), the reason. */
export type FaultLine = { key: 'series' | 'document' | 'reason'; value: string };

type Fault = NonNullable<DocumentsControl['premierDefaut']>;

/** What to show of the first broken link; `reason` is the catalogue key of its reason. */
export function faultLines(fault: Fault | null): FaultLine[] {
  if (!fault) return [];
  return [
    { key: 'series', value: fault.serie },
    { key: 'document', value: fault.numero ?? `#${fault.sequence}` },
    { key: 'reason', value: `control.reasons.${fault.raison}` },
  ];
}
