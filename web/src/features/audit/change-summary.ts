/** One field of an audit line: its value before and after (undefined where that side lacks it). */
export type FieldChange = { field: string; before: string | undefined; after: string | undefined };

function shown(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  // An empty list says nothing happened to it: left out rather than shown as "[0]".
  if (Array.isArray(value)) return value.length === 0 ? undefined : `[${value.length}]`;
  if (typeof value === 'object') return undefined;
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** One level of nesting becomes dotted fields (`invoice.paidFcfa`); deeper objects are left out. */
function flatten(side: unknown): Record<string, unknown> {
  if (!isRecord(side)) return {};
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(side)) {
    if (isRecord(value)) for (const [sub, inner] of Object.entries(value)) flat[`${key}.${sub}`] = inner;
    else flat[key] = value;
  }
  return flat;
}

/**
 * The order a director reads a line in: what the record is (its number, type, depot, driver),
 * then what it held, then the money. The database's JSON does not keep the written key order.
 */
const FIELD_ORDER = [
  'code',
  'invoiceCode',
  'register',
  'date',
  'type',
  'depot',
  'driver',
  'article',
  'reason',
  'lines',
  'prices',
  'averageCosts',
  'quantity',
];
const rank = (field: string) => {
  const at = FIELD_ORDER.indexOf(field);
  return at === -1 ? FIELD_ORDER.length : at;
};

/**
 * The fields an audit line's before and after hold, side by side: the known ones in reading
 * order (FIELD_ORDER), the others as they first appear. What a director reads to see what
 * changed. One level of nesting is read as dotted fields; lists show their length.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = flatten(before);
  const a = flatten(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort((x, y) => rank(x) - rank(y));
  return fields
    .map((field) => ({ field, before: shown(b[field]), after: shown(a[field]) }))
    .filter((change) => change.before !== undefined || change.after !== undefined);
}

/**
 * How a field's change reads: "before → after" when it changed; the value alone when it only
 * appears (a closing, a transfer), only was (a deletion) or stayed the same (an edit's number),
 * never "∅ → x" nor "x → x". `show` formats one value (money, dates, yes/no).
 */
export function changeText(change: FieldChange, show: (raw: string) => string): string {
  if (change.before === undefined || change.before === change.after) return change.after === undefined ? '' : show(change.after);
  if (change.after === undefined) return show(change.before);
  return `${show(change.before)} → ${show(change.after)}`;
}

/** What names the record of a line: the invoice's number when the line keeps it, else its id. */
export function recordLabel(entry: { entityId: number | null; before: unknown; after: unknown }): string | null {
  for (const side of [entry.before, entry.after]) {
    if (!isRecord(side)) continue;
    const code = side.code ?? side.invoiceCode;
    if (typeof code === 'string' && code !== '') return code;
  }
  return entry.entityId === null ? null : `#${entry.entityId}`;
}
