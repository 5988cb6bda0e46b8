/**
 * The lists whose rows come in an order of their own when the address names none (`sort` in the
 * URL wins). Pure data without the section configs' types, so the reference server builds a list's
 * first call exactly as the portal does (server/http/firstAnswers.ts); sectionConfigs read it.
 */
export const DEFAULT_SORTS = {
  clients: 'name',
  feedback: '-created_at',
} as const satisfies Readonly<Record<string, string>>;

/** A list's default sort ('' = the API's own order). */
export function defaultSortOf(key: string): string {
  return Object.hasOwn(DEFAULT_SORTS, key) ? DEFAULT_SORTS[key as keyof typeof DEFAULT_SORTS] : '';
}
