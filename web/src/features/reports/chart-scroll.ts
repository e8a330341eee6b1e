/**
 * Where the day chart of a long period opens (issue 22): scrolled so that the current month is
 * seen, not at the period's first day. `dates` are the chart's days (YYYY-MM-DD, in order), each
 * `dayWidth` px wide after an axis of `axis` px; `viewport` is the visible width. The month's
 * first day sits at the left edge when today then still fits; otherwise today sits at the right
 * edge. A period entirely past opens at its end; one entirely to come, or that fits, at 0.
 */
export function initialDayScroll(
  dates: readonly string[],
  today: string,
  size: { axis: number; dayWidth: number; viewport: number },
): number {
  const { axis, dayWidth, viewport } = size;
  const content = axis + dates.length * dayWidth;
  if (dates.length === 0 || content <= viewport) return 0;
  const max = content - viewport;
  let todayIndex = dates.findIndex((date) => date >= today);
  if (todayIndex === -1) return max;
  if (dates[todayIndex] !== today && todayIndex === 0) return 0;
  if (dates[todayIndex] !== today) todayIndex -= 1;
  const month = today.slice(0, 7);
  const monthIndex = Math.max(
    0,
    dates.findIndex((date) => date.slice(0, 7) >= month),
  );
  const monthLeft = axis + Math.min(monthIndex, todayIndex) * dayWidth - 8;
  const todaySeen = axis + (todayIndex + 1) * dayWidth + 24 - viewport;
  return Math.round(Math.min(max, Math.max(0, monthLeft, todaySeen)));
}

/**
 * A name for a wrapped axis label: a number stays on the line of the short unit after it
 * ("Thé vert 250 g", never "250" then "g" alone below), joined by a no-break space, which the
 * chart's wrapping does not break at.
 */
export function keepUnitsTogether(name: string): string {
  return name.replace(/(\d) (\S{1,5})(?=\s|$)/gu, '$1\u00a0$2');
}

/**
 * A name as a bar chart's axis shows it: whole words up to `maxChars` and « … » after them, so
 * that a long designation (« Téléviseur Samsung Crystal UHD 4K 65 pouces avec support mural »)
 * keeps to two lines of its row instead of running over its neighbours. The tooltip keeps the
 * whole name.
 */
export function shortAxisName(name: string, maxChars = 28): string {
  if (name.length <= maxChars) return name;
  const cut = name.slice(0, maxChars);
  // A plain space only: a no-break space holds a number to its unit (keepUnitsTogether).
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
