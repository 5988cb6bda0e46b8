import type { Request } from 'express';
import type { Database } from '../db/connection';
import { scopeCondition, type AccountScope } from '../auth/accountScope';
import { ValidationError } from './errors';

/** A trusted SQL fragment with its bound parameters. */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/**
 * How one resource is listed. Every SQL string here is written by us, never taken from the
 * request: the query only selects among these keys, so sort/filter/search cannot inject SQL.
 */
export interface ListSpec<Row = Record<string, unknown>> {
  /** FROM clause: a table, a join, or `(SELECT …) AS t` when rows need grouping. */
  from: string;
  /** SELECT list. */
  select: string;
  /** Public sort names → SQL expressions (`sort=name` or `sort=-name`, comma-separated for several). */
  sortable: Record<string, string>;
  /** Default `sort` value when the query has none, e.g. `'id'` or `'-created_at'`. */
  defaultSort: string;
  /** Unique expression appended to every ORDER BY so pages never overlap or skip rows. */
  tiebreaker?: string;
  /**
   * `filter[name]=value` → condition. A string is a SQL expression compared for equality
   * (a comma-separated value means "any of"); a function builds its own condition.
   */
  filterable?: Record<string, string | ((value: string) => SqlCondition)>;
  /** Expressions matched by `search` (case-insensitive substring, any of them). */
  searchable?: string[];
  /** Column holding the row's account id, restricted to the request's account scope. */
  scopeColumn?: string;
  /** Fixed conditions (e.g. "contacts of this workflow"). */
  where?: SqlCondition[];
  /** Turns a row into its API representation (booleans, nested objects, hidden columns). */
  map?: (row: Row) => unknown;
}

export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

/** DESIGN §4's list envelope (Laravel's paginated resource collection). */
export interface ListEnvelope<T = unknown> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: PageLink[];
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

export const DEFAULT_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;

/** The list parameters of a request, read from the raw query string so `filter[x]` works with any query parser. */
export interface ListQuery {
  page: number;
  show: number;
  search: string;
  sort: string | undefined;
  filters: Map<string, string>;
  params: URLSearchParams;
  /** Absolute URL of the endpoint without its query (`meta.path`). */
  path: string;
}

function positiveInt(value: string | null, fallback: number): number {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return fallback;
  const n = Number(value);
  return n >= 1 ? n : fallback;
}

export function readListQuery(req: Request): ListQuery {
  // Absolute links are built from the request's own host so they work behind the Vite proxy
  // and on any port; `trust proxy` (app.ts) decides whether X-Forwarded-* may change them.
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  const params = url.searchParams;
  const filters = new Map<string, string>();
  for (const [key, value] of params) {
    const match = /^filter\[([^\]]+)\]$/.exec(key);
    if (match && value !== '' && !filters.has(match[1] as string)) filters.set(match[1] as string, value);
  }
  return {
    page: positiveInt(params.get('page'), 1),
    show: Math.min(positiveInt(params.get('show'), DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE),
    search: (params.get('search') ?? '').trim(),
    sort: params.get('sort')?.trim() || undefined,
    filters,
    params,
    path: `${url.origin}${url.pathname}`,
  };
}

function orderBy(spec: ListSpec<never>, sort: string, reportAs: string | undefined): string {
  const parts: string[] = [];
  for (const raw of sort.split(',').map((s) => s.trim()).filter(Boolean)) {
    const descending = raw.startsWith('-');
    const name = descending ? raw.slice(1) : raw;
    const expression = spec.sortable[name];
    if (!expression) {
      const allowed = Object.keys(spec.sortable).join(', ');
      throw new ValidationError({ [reportAs ?? 'sort']: [`The selected sort is invalid. Allowed: ${allowed}.`] });
    }
    parts.push(`${expression} ${descending ? 'DESC' : 'ASC'}`);
  }
  parts.push(`${spec.tiebreaker ?? 'id'} ASC`);
  return parts.join(', ');
}

function filterConditions(spec: ListSpec<never>, filters: Map<string, string>): SqlCondition[] {
  const conditions: SqlCondition[] = [];
  for (const [name, value] of filters) {
    const filter = spec.filterable?.[name];
    if (filter === undefined) {
      const allowed = Object.keys(spec.filterable ?? {}).join(', ') || 'none';
      throw new ValidationError({ [`filter.${name}`]: [`The selected filter is invalid. Allowed: ${allowed}.`] });
    }
    if (typeof filter === 'function') {
      conditions.push(filter(value));
      continue;
    }
    const values = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
    if (values.length === 0) continue;
    conditions.push({ sql: `${filter} IN (${values.map(() => '?').join(', ')})`, params: values });
  }
  return conditions;
}

function searchCondition(spec: ListSpec<never>, search: string): SqlCondition | undefined {
  if (!search || !spec.searchable?.length) return undefined;
  // Escape LIKE wildcards so "50%" searches for the text "50%".
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return {
    sql: `(${spec.searchable.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
    params: spec.searchable.map(() => pattern),
  };
}

function pageUrl(query: ListQuery, page: number): string {
  // Keep every other parameter (filters, sort, show, search, account_id): the portal follows
  // these links as they are, so a link that dropped the filter would change the list.
  const params = new URLSearchParams(query.params);
  params.delete('page');
  params.append('page', String(page));
  return `${query.path}?${params.toString()}`;
}

/**
 * Laravel's page-number window (UrlWindow, 3 on each side): every page when there are fewer
 * than 14, otherwise the start, "...", the pages around the current one, "...", the end.
 */
function pageNumbers(current: number, last: number): (number | '...')[] {
  const onEachSide = 3;
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  if (last < onEachSide * 2 + 8) return range(1, last);
  const window = onEachSide + 4;
  if (current <= window) return [...range(1, window + onEachSide), '...', last - 1, last];
  if (current > last - window) return [1, 2, '...', ...range(last - (window + (onEachSide - 1)), last)];
  return [1, 2, '...', ...range(current - onEachSide, current + onEachSide), '...', last - 1, last];
}

/**
 * Runs a paginated, sorted, filtered, searched, account-scoped list query and returns the list
 * envelope of DESIGN §4. Unknown sort or filter names are a 422 (listing the allowed ones),
 * which surfaces a portal/server mismatch at once instead of silently ignoring it.
 */
export function paginate<Row = Record<string, unknown>>(
  req: Request,
  db: Database,
  spec: ListSpec<Row>,
  scope?: AccountScope,
): ListEnvelope {
  const query = readListQuery(req);
  const conditions: SqlCondition[] = [...(spec.where ?? [])];
  if (spec.scopeColumn) {
    if (!scope) throw new Error(`List of ${spec.from} has a scopeColumn but no scope was given`);
    conditions.push(scopeCondition(scope, spec.scopeColumn));
  }
  conditions.push(...filterConditions(spec as ListSpec<never>, query.filters));
  const search = searchCondition(spec as ListSpec<never>, query.search);
  if (search) conditions.push(search);

  const where = conditions.length ? `WHERE ${conditions.map((c) => `(${c.sql})`).join(' AND ')}` : '';
  const params = conditions.flatMap((c) => c.params);
  const order = orderBy(spec as ListSpec<never>, query.sort ?? spec.defaultSort, query.sort ? 'sort' : undefined);

  const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${spec.from} ${where}`).get(...params) as { n: number }).n;
  const lastPage = Math.max(1, Math.ceil(total / query.show));
  const offset = (query.page - 1) * query.show;
  const rows = db
    .prepare(`SELECT ${spec.select} FROM ${spec.from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...params, query.show, offset) as Row[];

  const prev = query.page > 1 ? pageUrl(query, Math.min(query.page - 1, lastPage)) : null;
  const next = query.page < lastPage ? pageUrl(query, query.page + 1) : null;
  const numbered: PageLink[] = pageNumbers(query.page, lastPage).map((n) =>
    n === '...' ? { url: null, label: '...', active: false } : { url: pageUrl(query, n), label: String(n), active: n === query.page },
  );

  return {
    data: spec.map ? rows.map(spec.map) : rows,
    links: { first: pageUrl(query, 1), last: pageUrl(query, lastPage), prev, next },
    meta: {
      current_page: query.page,
      from: rows.length ? offset + 1 : null,
      last_page: lastPage,
      // Laravel's labels, entities included: a Laravel backend sends exactly these strings.
      links: [{ url: prev, label: '&laquo; Previous', active: false }, ...numbered, { url: next, label: 'Next &raquo;', active: false }],
      path: query.path,
      per_page: query.show,
      to: rows.length ? offset + rows.length : null,
      total,
    },
  };
}
