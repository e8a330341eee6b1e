import { groupFcfa } from '@app/common/money';

/**
 * An amount, `12 345 678 FCFA`, for a narrow place (a phone's table column, a dashboard card):
 * its digits never break, and « FCFA » goes under them when both do not fit on one line.
 */
export function FcfaAmount({ value }: { value: number }) {
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{groupFcfa(value)}</span> <span style={{ whiteSpace: 'nowrap' }}>FCFA</span>
    </>
  );
}
