import type { List } from './envelope';
import type { Query } from './query';

/**
 * Bounds on one read of a paginated list followed to its end: a backend that pages at 15 and
 * ignores `show` needs 7 calls for 100 items; a link that loops or a list of 50,000 never runs
 * away. What lies beyond the bound stays reachable through `next`.
 */
export const PAGE_FOLLOW_LIMITS = { pages: 40, items: 2000 } as const;

/** Every item of a list as far as one read goes, the server's count, and where it continues. */
export interface Pages<T> {
  items: T[];
  /** meta.total when the server paginates; otherwise the items read. */
  total: number;
  /** links.next after the last page read (the read stopped at its bound), or null: every item is here. */
  next: string | null;
}

/**
 * Reads a list from its first answer on, following `links.next` as given (SPEC §7: "pagination
 * follows the links URL"; Laravel's `paginate()` pages at 15 whatever `show` says). An item seen
 * on an earlier page (a list that shifted while it was read) is kept once, by `keyOf`.
 */
export async function followPages<T>(
  first: List<T> | T[],
  fetchPage: (url: string) => Promise<List<T> | T[]>,
  keyOf: (item: T) => string,
  limits: { pages: number; items: number } = PAGE_FOLLOW_LIMITS,
): Promise<Pages<T>> {
  if (Array.isArray(first)) return { items: first, total: first.length, next: null };
  const seen = new Set<string>();
  const items: T[] = [];
  const take = (page: T[]) => {
    for (const item of page) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  };
  take(first.data);
  const visited = new Set<string>();
  let next = first.links.next;
  let pages = 1;
  while (next && !visited.has(next) && pages < limits.pages && items.length < limits.items) {
    visited.add(next);
    const page = await fetchPage(next);
    pages += 1;
    if (Array.isArray(page)) {
      take(page);
      next = null;
    } else {
      take(page.data);
      // An empty page ends the list whatever its links say.
      next = page.data.length === 0 ? null : page.links.next;
    }
  }
  if (next && visited.has(next)) next = null;
  return { items, total: Math.max(first.meta.total, items.length), next };
}

/**
 * The query to send with a `links` URL: the parameters of the first call it lacks (Laravel's
 * links drop them unless the backend calls `withQueryString()`), never the first call's page
 * (the link names its own page or cursor). http.ts adds them with query.ts withQuery.
 */
export function linkQuery(query: Query): Query {
  const { page: _page, ...lacking } = query;
  return lacking;
}
