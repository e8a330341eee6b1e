/** One choice of a picker's select: Mantine wants the value as a string; `detail` is its second line (a phone number). */
export type PickerOption = { value: string; label: string; detail?: string };

type Describe<T> = { idOf: (item: T) => number; labelOf: (item: T) => string; detailOf?: ((item: T) => string) | undefined };

/**
 * The select's choices: the loaded or found items, each id once, and the chosen item first when
 * it is not among them (found by an earlier search, or just created by a quick add), so that the
 * select still shows its name.
 */
export function pickerOptions<T>(
  items: readonly T[],
  chosen: T | null,
  { idOf, labelOf, detailOf }: Describe<T>,
): PickerOption[] {
  const seen = new Set<number>();
  const options: PickerOption[] = [];
  const push = (item: T) => {
    const id = idOf(item);
    if (seen.has(id)) return;
    seen.add(id);
    options.push(
      detailOf
        ? { value: String(id), label: labelOf(item), detail: detailOf(item) }
        : { value: String(id), label: labelOf(item) },
    );
  };
  if (chosen !== null && !items.some((item) => idOf(item) === idOf(chosen))) push(chosen);
  for (const item of items) push(item);
  return options;
}

/** The chosen item among the items, else the one remembered (quick add, earlier search), if it is the value. */
export function chosenItem<T>(
  value: number | null,
  items: readonly T[],
  remembered: T | null,
  idOf: (item: T) => number,
): T | null {
  if (value === null) return null;
  return items.find((item) => idOf(item) === value) ?? (remembered !== null && idOf(remembered) === value ? remembered : null);
}

/**
 * What a server search asks for: the typed text, but nothing while the box only shows the chosen
 * item's name (Mantine writes it there on selection), so opening the list again shows everything.
 */
export function searchTermOf(searchValue: string, chosenLabel: string | null): string {
  const term = searchValue.trim();
  return chosenLabel !== null && term === chosenLabel.trim() ? '' : term;
}

/**
 * The choices whose name or second line holds what is typed (as Mantine's own filter: case
 * ignored, trimmed), so that a driver is still found by a phone number the select no longer shows
 * in its name.
 */
export function matchingOptions<O extends { label: string; detail?: string }>(options: readonly O[], search: string): O[] {
  const term = search.toLowerCase().trim();
  return options.filter(
    (option) => option.label.toLowerCase().includes(term) || (option.detail ?? '').toLowerCase().includes(term),
  );
}
