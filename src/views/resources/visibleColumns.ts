import type { Column } from './sectionConfig';

/**
 * The columns a list shows (issue 30's column chooser): `chosen` keys in their order, keeping only
 * columns the list still has (a saved view or an address naming a column that no longer exists
 * still opens, without it); none chosen, or none left, = all of the list's columns.
 */
export function visibleColumns(all: readonly Column[], chosen: readonly string[] | undefined): Column[] {
  if (!chosen) return [...all];
  const byKey = new Map(all.map((column) => [column.key, column]));
  const shown = chosen.flatMap((key) => byKey.get(key) ?? []);
  return shown.length ? shown : [...all];
}

/** The choice to keep: nothing when it is the list's own columns in their own order. */
export function chosenKeys(all: readonly Column[], shown: readonly string[]): string[] | undefined {
  const own = all.map((column) => column.key);
  return shown.length === own.length && shown.every((key, index) => key === own[index]) ? undefined : [...shown];
}
