/** One counted article as the count screen holds it: what was counted, what the stock said, its purchase price. */
export type CountedLine = { counted: number; expected: number; unitCost: number };

export type CountSummary = {
  /** Articles whose counted quantity differs from the stock. */
  changed: number;
  unitsUp: number;
  unitsDown: number;
  /** Value at purchase price of the units found in excess / missing (FCFA, whole). */
  valueUp: number;
  valueDown: number;
};

/** The sum of a count's differences, shown for confirmation before the count changes the stock. */
export function countSummary(lines: Iterable<CountedLine>): CountSummary {
  const summary: CountSummary = { changed: 0, unitsUp: 0, unitsDown: 0, valueUp: 0, valueDown: 0 };
  for (const line of lines) {
    const difference = line.counted - line.expected;
    if (difference === 0) continue;
    summary.changed += 1;
    if (difference > 0) {
      summary.unitsUp += difference;
      summary.valueUp += difference * line.unitCost;
    } else {
      summary.unitsDown -= difference;
      summary.valueDown -= difference * line.unitCost;
    }
  }
  return summary;
}
