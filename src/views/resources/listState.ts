import type { Query } from '../../api/query';

/**
 * A list's state as the URL holds it (the single source of truth: reload, a shared link and the
 * browser's back button all restore it): `?page=2&search=abc&sort=-name&filter[kind]=sms`.
 */
export interface ListState {
  page: number;
  /** Page size (`show`); 0 = the server's default. */
  show: number;
  search: string;
  sort: string;
  filters: Record<string, string>;
  /** Visible columns in order (`columns=name,email`, issue 30); absent = the list's own. Not sent to the API. */
  columns?: string[];
}

/** At most this many column keys are read from an address. */
const MAX_COLUMNS = 60;

const FILTER = /^filter\[(.+)\]$/;

export function parseListState(search: string, defaultSort = ''): ListState {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = FILTER.exec(key);
    if (match?.[1] && value) filters[match[1]] = value;
  }
  const page = Number(params.get('page'));
  const show = Number(params.get('show'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    show: Number.isInteger(show) && show > 0 && show <= 100 ? show : 0,
    search: params.get('search') ?? '',
    sort: params.get('sort') ?? defaultSort,
    filters,
    ...columnsOf(params.get('columns')),
  };
}

function columnsOf(value: string | null): Pick<ListState, 'columns'> {
  if (!value) return {};
  const keys = [...new Set(value.split(',').map((key) => key.trim()).filter(Boolean))].slice(0, MAX_COLUMNS);
  return keys.length ? { columns: keys } : {};
}

/** Only what differs from the defaults goes into the URL, in a stable order. */
export function serializeListState(state: ListState, defaultSort = ''): string {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  for (const key of Object.keys(state.filters).sort()) {
    const value = state.filters[key];
    if (value) params.set(`filter[${key}]`, value);
  }
  if (state.sort && state.sort !== defaultSort) params.set('sort', state.sort);
  if (state.show) params.set('show', String(state.show));
  if (state.columns?.length) params.set('columns', state.columns.join(','));
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API query of a list state (DESIGN §4). */
export function listQuery(state: ListState): Query {
  const query: Query = { page: state.page, show: state.show || undefined, search: state.search || undefined, sort: state.sort || undefined };
  for (const [key, value] of Object.entries(state.filters)) query[`filter[${key}]`] = value;
  return query;
}

/** The same list with `page` one further: the page can then follow the server's `next` link. */
export function isNextPageOf(next: ListState, previous: ListState | null): boolean {
  if (!previous) return false;
  return next.page === previous.page + 1 && sameFilters(next, previous);
}

export function isPreviousPageOf(next: ListState, previous: ListState | null): boolean {
  if (!previous) return false;
  return next.page === previous.page - 1 && sameFilters(next, previous);
}

/** The same rows asked for (only the columns shown may differ): no new call. */
export function sameRows(a: ListState, b: ListState | null): boolean {
  return b !== null && a.page === b.page && sameFilters(a, b);
}

function sameFilters(a: ListState, b: ListState): boolean {
  return a.search === b.search && a.show === b.show && a.sort === b.sort && JSON.stringify(Object.entries(a.filters).sort()) === JSON.stringify(Object.entries(b.filters).sort());
}

/** Next sort for a column header click: ascending, then descending, then back to ascending. */
export function toggledSort(current: string, column: string): string {
  return current === column ? `-${column}` : column;
}
