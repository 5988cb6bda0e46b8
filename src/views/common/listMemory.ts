/**
 * The last URL query of each section's list in this tab (page, search, filters, sort, size), so
 * Cancel, breadcrumbs and "deleted, back to the list" return to the list as the user left it.
 * Bounded: one short string per section.
 */
const lastQuery = new Map<string, string>();

export function rememberList(section: string, query: string): void {
  lastQuery.set(section, query.slice(0, 2000));
}

/** The query (`?page=2…`) the section's list last had; '' when it was never opened. */
export function rememberedQuery(section: string): string {
  return lastQuery.get(section) ?? '';
}

/** `/{section}` with the query the list last had. */
export function listHref(section: string): string {
  return `/${section}${rememberedQuery(section)}`;
}
