import type { ConversationQuery } from '../../api/reporting';
import { GRADES, type Grade } from '../../api/schemas/reporting';
import { pageSizeOf } from '../common/pageSize';
import { rangeFrom } from './dateRange';
import { REVIEW_FILTERS } from './review/reviewFilters';

/** URL keys that become `filter[...]` on the API. */
export const URL_FILTERS = ['channel', 'direction', 'status', 'role_id', 'instance_id', 'disposition_id', ...REVIEW_FILTERS] as const;

/**
 * The conversations list's state is its URL: `?search&sort&page&from&to&grade=A&grade=B
 * &disposition=3&channel=voice…`. This reads it into the API query; unknown or malformed values
 * are dropped, so a hand-edited URL cannot send the API what it would refuse.
 */
export function conversationQueryFromUrl(params: URLSearchParams): ConversationQuery {
  const grades = params.getAll('grade').filter((g): g is Grade => (GRADES as readonly string[]).includes(g));
  const dispositions = params.getAll('disposition').filter((d) => /^\d+$/.test(d));
  const filter: Record<string, string> = {};
  for (const key of URL_FILTERS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    ...rangeFrom(params),
    search: params.get('search') || undefined,
    sort: sort && /^-?[a-z_]+$/.test(sort) ? sort : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    show: pageSizeOf(params),
    grades,
    dispositions,
    filter,
  };
}

/** How many filters narrow the list (the search, each date bound, grades, dispositions, each `filter[...]`): the Filters button says it. */
export function activeFilterCount(query: ConversationQuery): number {
  const set = [query.search, query.from, query.to, query.grades?.length, query.dispositions?.length, ...Object.values(query.filter ?? {})];
  return set.filter((value) => value !== undefined && value !== '' && value !== 0).length;
}
