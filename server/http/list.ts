import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { Database } from '../db/connection';
import { cachedStatement } from '../db/statements';
import { scopeCondition, type AccountScope } from '../auth/accountScope';
import { ValidationError } from './errors';
import { requestOrigin } from './site';
import { decodeCursor, encodeCursor, type Cursor, type CursorValue } from './listCursor';
import { armOf, distinctValues, keysetAnyOrder, keysetWithin, sortPlan, sortTerms as termsOfSort, type SortArm, type SortIndexSpec, type SortPlan, type SortTerm } from './listSortPlan';
import { cachedTotal } from './listTotals';

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
  /**
   * The main table alone (e.g. `conversations c`) when every condition and sort expression
   * reads only its columns: counts and the page's keys are read from it, and the joins of
   * `from` run for the rows of one page only. Required for cursors.
   */
  keyFrom?: string;
  /** A search condition of the list's own (e.g. a full-text index) instead of `searchable`'s LIKE scan. */
  search?: (term: string) => SqlCondition;
  /** The list's total without counting rows, when it can tell (rollups); undefined: counted. */
  total?: (query: ListQuery) => number | undefined;
  /** Changes whenever a listed row may have changed: a counted total is cached per query until then. */
  totalVersion?: () => number;
  /**
   * The list's sort indexes (server/http/listSortPlan.ts): with it, every sort is read by an
   * index walk with keyset cursors in links.next/prev (the next page starts after the last row
   * shown), or sorts at most `scanLimit` rows, or is a 422; `page=N` skips at most `maxSkip`
   * rows. Requires `keyFrom`.
   */
  sortIndex?: SortIndexSpec;
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
/** Longest `search` any list accepts: a uuid, a phone number or a phrase fit; a pasted page does not. */
export const MAX_SEARCH_CHARACTERS = 100;

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

/**
 * `search` as typed, trimmed, or a 422 that says what to change: bounded so no list's match
 * (LIKE scan or trigram index) grows with a term's length, and free of control characters (a
 * NUL byte would end the string inside SQLite's full-text query syntax).
 */
function searchTerm(raw: string | null): string {
  const term = (raw ?? '').trim();
  if ([...term].length > MAX_SEARCH_CHARACTERS) {
    throw new ValidationError({ search: [`The search must not be greater than ${MAX_SEARCH_CHARACTERS} characters.`] });
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(term)) throw new ValidationError({ search: ['The search must not contain control characters.'] });
  return term;
}

function positiveInt(value: string | null, fallback: number): number {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return fallback;
  const n = Number(value);
  return n >= 1 ? n : fallback;
}

export function readListQuery(req: Request): ListQuery {
  // Absolute links are built from the request's own host so they work behind the Vite proxy
  // and on any port; `trust proxy` (app.ts) decides whether X-Forwarded-* may change them.
  const url = new URL(req.originalUrl, requestOrigin(req));
  const params = url.searchParams;
  const filters = new Map<string, string>();
  for (const [key, value] of params) {
    const match = /^filter\[([^\]]+)\]$/.exec(key);
    if (match && value !== '' && !filters.has(match[1] as string)) filters.set(match[1] as string, value);
  }
  return {
    page: positiveInt(params.get('page'), 1),
    show: Math.min(positiveInt(params.get('show'), DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE),
    search: searchTerm(params.get('search')),
    sort: params.get('sort')?.trim() || undefined,
    filters,
    params,
    path: `${url.origin}${url.pathname}`,
  };
}

function sortTerms(spec: ListSpec<never>, sort: string, reportAs: string | undefined): SortTerm[] {
  return termsOfSort(spec.sortable, sort, {
    reportAs,
    index: spec.sortIndex,
    tiebreaker: spec.tiebreaker ?? 'id',
    tieFollowsSort: spec.sortIndex !== undefined,
  });
}

function orderSql(terms: readonly SortTerm[], reversed = false): string {
  return terms.map((t) => `${t.expression} ${t.descending !== reversed ? 'DESC' : 'ASC'}`).join(', ');
}

/** The values of a column filter (`filter[x]=a,b`): comma-separated, trimmed, blanks dropped (none: no condition). */
export const filterValues = (value: string): string[] => value.split(',').map((v) => v.trim()).filter((v) => v !== '');

function filterConditions(spec: ListSpec<never>, filters: Map<string, string>): SqlCondition[] {
  const conditions: SqlCondition[] = [];
  for (const [name, value] of filters) {
    const filter = spec.filterable && Object.hasOwn(spec.filterable, name) ? spec.filterable[name] : undefined;
    if (filter === undefined) {
      const allowed = Object.keys(spec.filterable ?? {}).join(', ') || 'none';
      throw new ValidationError({ [`filter.${name}`]: [`The selected filter is invalid. Allowed: ${allowed}.`] });
    }
    if (typeof filter === 'function') {
      conditions.push(filter(value));
      continue;
    }
    const values = filterValues(value);
    if (values.length === 0) continue;
    conditions.push({ sql: `${filter} IN (${values.map(() => '?').join(', ')})`, params: values });
  }
  return conditions;
}

/** Case-insensitive substring match of `term` on any of `expressions` (LIKE wildcards escaped). */
export function likeAny(expressions: readonly string[], term: string): SqlCondition {
  // Escape LIKE wildcards so "50%" searches for the text "50%".
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return {
    sql: `(${expressions.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
    params: expressions.map(() => pattern),
  };
}

function searchCondition(spec: ListSpec<never>, search: string): SqlCondition | undefined {
  if (!search) return undefined;
  if (spec.search) return spec.search(search);
  if (!spec.searchable?.length) return undefined;
  return likeAny(spec.searchable, search);
}

/** Every condition of the request on the list: fixed ones, account scope, filters, search. */
export function listConditions(spec: ListSpec<never>, query: ListQuery, scope?: AccountScope): { where: string; params: unknown[] } {
  const conditions: SqlCondition[] = [...(spec.where ?? [])];
  if (spec.scopeColumn) {
    if (!scope) throw new Error(`List of ${spec.from} has a scopeColumn but no scope was given`);
    conditions.push(scopeCondition(scope, spec.scopeColumn));
  }
  conditions.push(...filterConditions(spec, query.filters));
  const search = searchCondition(spec, query.search);
  if (search) conditions.push(search);
  return {
    where: conditions.length ? `WHERE ${conditions.map((c) => `(${c.sql})`).join(' AND ')}` : '',
    params: conditions.flatMap((c) => c.params),
  };
}

/** The ORDER BY of the request (the spec's default sort when it has none). */
export function listOrder(spec: ListSpec<never>, query: ListQuery): string {
  return orderSql(sortTerms(spec, query.sort ?? spec.defaultSort, query.sort ? 'sort' : undefined));
}

function pageUrl(query: ListQuery, page: number): string {
  // Keep every other parameter (filters, sort, show, search, account_id): the portal follows
  // these links as they are, so a link that dropped the filter would change the list.
  const params = new URLSearchParams(query.params);
  params.delete('page');
  params.delete('cursor');
  params.append('page', String(page));
  return `${query.path}?${params.toString()}`;
}

function cursorUrl(query: ListQuery, cursor: Cursor): string {
  return `${pageUrl(query, cursor.page)}&cursor=${encodeCursor(cursor)}`;
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

/** A prepared statement reused across requests and export chunks (preparing costs more than a small query). */
const prepared = cachedStatement;

/** One page's rows and the sort values of its first and last row (for cursors). */
interface PageRows<Row> {
  rows: Row[];
  /** Keys the page read (rows may be fewer when one was deleted in between). */
  keys: number;
  /** Column names of array rows (`raw`). */
  columns?: string[];
  firstValues: (CursorValue | null)[] | null;
  lastValues: (CursorValue | null)[] | null;
}

/** A page's boundary: the rows after (or before) the row with these sort values. */
interface Boundary {
  values: (CursorValue | null)[];
  side: 'after' | 'before';
}

/**
 * The page's keys from `keyFrom` (index walks, no joins), then its rows from `from` by key.
 * Several arms (one per value of a few-valued leading column) are merged in list order;
 * `boundary` narrows to a cursor's side; `reversed` reads from the other end (then flips back).
 */
function keyedPage<Row>(
  db: Database,
  spec: ListSpec<Row>,
  terms: readonly SortTerm[],
  base: { where: string; params: unknown[] },
  page: { plan: ReadPlan; boundary?: Boundary; reversed: boolean; limit: number; offset: number; raw?: boolean },
): PageRows<Row> {
  const { plan, boundary } = page;
  let arms = plan.arms.map((arm, index) => ({ arm, index }));
  const at = boundary ? armOf(plan.arms, boundary.values) : -1;
  if (boundary) arms = arms.filter(({ index }) => (boundary.side === 'after' ? index >= at : index <= at));
  const from = plan.indexedBy ? `${spec.keyFrom} INDEXED BY ${plan.indexedBy}` : spec.keyFrom;
  const selects: string[] = [];
  const params: unknown[] = [];
  for (const { arm, index } of arms) {
    const extra =
      index !== at ? undefined : plan.sorted ? keysetAnyOrder(terms, boundary!.values, boundary!.side) : keysetWithin(terms, arm, boundary!.values, boundary!.side);
    const conditions = [base.where.replace(/^WHERE /, ''), arm.condition?.sql, extra?.sql].filter((c): c is string => !!c);
    const where = conditions.length ? `WHERE ${conditions.map((c) => `(${c})`).join(' AND ')}` : '';
    selects.push(`SELECT ${terms.map((t, i) => `${t.expression} AS __v${i}`).join(', ')} FROM ${from} ${where}`);
    params.push(...base.params, ...(arm.condition?.params ?? []), ...(extra?.params ?? []));
  }
  // A short list is found through its filters' indexes and sorted (`+` keeps SQLite from walking
  // the sort's index instead, which with a rare filter reads the whole table); several arms are
  // merged (SQLite's MERGE of UNION ALL), each walking its own range of the index in order.
  const sql =
    selects.length === 1
      ? `${selects[0]} ORDER BY ${plan.sorted ? terms.map((t) => `+${t.expression} ${t.descending !== page.reversed ? 'DESC' : 'ASC'}`).join(', ') : orderSql(terms, page.reversed)}`
      : `SELECT * FROM (${selects.join(' UNION ALL ')}) ORDER BY ${terms.map((t, i) => `__v${i} ${t.descending !== page.reversed ? 'DESC' : 'ASC'}`).join(', ')}`;
  const keys = (selects.length === 0 ? [] : prepared(db, `${sql} LIMIT ? OFFSET ?`, true).all(...params, page.limit, page.offset)) as (CursorValue | null)[][];
  if (page.reversed) keys.reverse();
  if (keys.length === 0) return { rows: [], keys: 0, firstValues: null, lastValues: null };
  const keyIndex = terms.length - 1;
  const tiebreaker = terms[keyIndex]!.expression;
  // One JSON array parameter, not one placeholder per key: the statement text stays the same
  // (prepared once) and SQLite probes the primary key per element (many placeholders build a
  // temporary table first and cost ten times more).
  const statement = prepared(db, `SELECT ${spec.select}, ${tiebreaker} AS __key FROM ${spec.from} WHERE ${tiebreaker} IN (SELECT value FROM json_each(?))`, page.raw);
  const found = statement.all(JSON.stringify(keys.map((k) => k[keyIndex]))) as unknown[];
  // Arrays (exports: no object per row) end with the key; objects carry it as __key.
  const keyOf = page.raw ? (row: unknown) => (row as CursorValue[]).pop() : (row: unknown) => (row as { __key: CursorValue }).__key;
  const byKey = new Map(found.map((row) => [keyOf(row), row]));
  const rows = keys.flatMap((k) => {
    const row = byKey.get(k[keyIndex] as CursorValue);
    if (!row) return [];
    if (!page.raw) delete (row as { __key?: unknown }).__key;
    return [row as Row];
  });
  const columns = page.raw ? statement.columns().map((c) => c.name).slice(0, -1) : undefined;
  return { rows, columns, keys: keys.length, firstValues: keys[0] ?? null, lastValues: keys[keys.length - 1] ?? null };
}

/** The list's total: from `spec.total` (rollups) when it can tell, else counted (cached per query). */
function listTotal<Row>(db: Database, spec: ListSpec<Row>, query: ListQuery, base: { where: string; params: unknown[] }): number {
  const keySource = spec.keyFrom ?? spec.from;
  // Hashed: a resolved search carries thousands of ids in its parameters. Rollup totals are kept
  // too (tens of milliseconds at a million rows): 40 exports starting at once summed them 40 times.
  const key = createHash('sha256').update(`${keySource} ${base.where} ${JSON.stringify(base.params)}`).digest('base64');
  return cachedTotal(db, key, spec.totalVersion, () =>
    spec.total?.(query) ?? (db.prepare(`SELECT COUNT(*) AS n FROM ${keySource} ${base.where}`).get(...base.params) as { n: number }).n,
  );
}

/** How a page's keys are read (see server/http/listSortPlan.ts). */
interface ReadPlan {
  arms: readonly SortArm[];
  /** The index every arm walks (lists longer than the scan limit). */
  indexedBy?: string;
  /** Found through the filters and sorted (lists within the scan limit). */
  sorted?: boolean;
  /** links.next/prev carry keyset cursors. */
  cursors: boolean;
}

/**
 * How the request's rows are read in its sort order: lists without sort indexes as before (one
 * ORDER BY); lists within `scanLimit` rows sorted as asked; longer ones by an index walk, or a
 * 422 that says what works instead when no index serves the sort.
 */
function readPlan(db: Database, spec: ListSpec<never>, terms: readonly SortTerm[], total: number, field: string): ReadPlan {
  const index = spec.sortIndex;
  if (!index || spec.keyFrom === undefined) return { arms: SINGLE_WALK, cursors: false };
  if (total <= index.scanLimit) return { arms: SINGLE_WALK, sorted: true, cursors: true };
  const plan: SortPlan = sortPlan(index, terms, (expression) => groupValues(db, spec.keyFrom!, expression));
  if (plan) return { arms: plan.arms, indexedBy: plan.index, cursors: true };
  const count = (n: number) => n.toLocaleString('en-US');
  const single = index.indexed.join(', ');
  const grouped = index.groups.join(', ');
  throw new ValidationError({
    [field]: [
      `This sort is available for at most ${count(index.scanLimit)} rows and the list has ${count(total)}: ` +
        `narrow it with filters or dates, or sort by one of ${single}, or by one of ${grouped} and then ${index.then}.`,
    ],
  });
}

/**
 * 422 when `page=N` would walk more than `maxSkip` index entries to its first row: a filter
 * keeping one row in k walks k entries a row, so page numbers reach maxSkip × total / table
 * rows into the list (from either end). Cursor links reach every page.
 */
function checkSkip(spec: ListSpec<never>, plan: ReadPlan, total: number, page: number, skip: number): void {
  const index = spec.sortIndex;
  if (!index || !plan.indexedBy) return;
  const reach = Math.floor((index.maxSkip * total) / Math.max(total, index.tableRows()));
  if (skip <= reach) return;
  throw new ValidationError({
    page: [
      `Page ${page} lies ${skip.toLocaleString('en-US')} rows from the nearer end of the list; page numbers reach ${reach.toLocaleString('en-US')} rows ` +
        'from either end. Follow links.next and links.prev from a nearer page, or narrow the list with filters or dates.',
    ],
  });
}

/** The values of a few-valued sort column, from its index (a seek per value). */
function groupValues(db: Database, from: string, expression: string): (CursorValue | null)[] | null {
  const next = prepared(db, `SELECT MIN(${expression}) AS v FROM ${from} WHERE ${expression} > ?`);
  const first = prepared(db, `SELECT MIN(${expression}) AS v FROM ${from} WHERE ${expression} IS NOT NULL`);
  const hasNull = prepared(db, `SELECT EXISTS (SELECT 1 FROM ${from} WHERE ${expression} IS NULL) AS v`).get() as { v: number };
  return distinctValues((after) => ((after === null ? first.get() : next.get(after)) as { v: CursorValue | null }).v, hasNull.v === 1);
}

const SINGLE_WALK: readonly SortArm[] = [{ from: 0 }];

/** Every row of a list in its order, a chunk at a time (exports). */
export interface ListReader {
  /** Rows the list holds (meta.total of the same request). */
  total: number;
  /** The next `limit` rows as arrays of values in `columns()` order; empty at the end. */
  read(limit: number): unknown[][];
  /** Names of the values, known once a chunk with rows was read (null before, or for an empty list). */
  columns(): string[] | null;
}

/**
 * Reads the whole list of the request (same filters, search, sort and scope as its pages).
 * With a cursor-capable sort each chunk starts after the previous chunk's last row, so every
 * chunk is one short index walk however deep into the list; other lists are small and use
 * OFFSET. No statement stays open between chunks: the caller may yield to other requests.
 */
export function listReader<Row>(req: Request, db: Database, spec: ListSpec<Row>, scope?: AccountScope): ListReader {
  const query = readListQuery(req);
  const base = listConditions(spec as ListSpec<never>, query, scope);
  const terms = sortTerms(spec as ListSpec<never>, query.sort ?? spec.defaultSort, query.sort ? 'sort' : undefined);
  const total = listTotal(db, spec, query, base);
  const plan = readPlan(db, spec as ListSpec<never>, terms, total, 'sort');
  const keyset = plan.cursors;
  let after: (CursorValue | null)[] | null = null;
  let offset = 0;
  let done = false;
  let columns: string[] | null = null;
  // Mapped rows (small lists with `map`) become arrays in the first record's key order.
  const asArrays = (records: unknown[]) => {
    const first = records[0];
    if (columns === null && first && typeof first === 'object') columns = Object.keys(first);
    return records.map((record) => (columns ?? []).map((column) => (record as Record<string, unknown>)[column]));
  };
  return {
    total,
    columns: () => columns,
    read(limit) {
      if (done) return [];
      let rows: unknown[][];
      let read: number;
      if (spec.keyFrom !== undefined) {
        const raw = spec.map === undefined;
        const page = keyedPage(db, spec, terms, base, {
          plan,
          boundary: keyset && after ? { values: after, side: 'after' } : undefined,
          reversed: false,
          limit,
          offset: keyset ? 0 : offset,
          raw,
        });
        after = page.lastValues;
        if (raw && page.columns) columns ??= page.columns;
        rows = raw ? (page.rows as unknown[][]) : asArrays(page.rows.map(spec.map!));
        read = page.keys;
      } else {
        const records = db.prepare(`SELECT ${spec.select} FROM ${spec.from} ${base.where} ORDER BY ${orderSql(terms)} LIMIT ? OFFSET ?`).all(...base.params, limit, offset) as Row[];
        read = records.length;
        rows = asArrays(spec.map ? records.map(spec.map) : records);
      }
      offset += read;
      if (read < limit) done = true;
      return rows;
    },
  };
}

/**
 * Runs a paginated, sorted, filtered, searched, account-scoped list query and returns the list
 * envelope of DESIGN §4. Unknown sort or filter names are a 422 (listing the allowed ones),
 * which surfaces a portal/server mismatch at once instead of silently ignoring it.
 *
 * Cost at scale: the total comes from `spec.total` (rollups) or a count cached per query; the
 * page is read by keyset cursor (links.next/prev) or, for `page=N`, from whichever end of the
 * list is nearer, so the first and the last page are both one short index walk.
 */
export function paginate<Row = Record<string, unknown>>(
  req: Request,
  db: Database,
  spec: ListSpec<Row>,
  scope?: AccountScope,
): ListEnvelope {
  const query = readListQuery(req);
  const { where, params } = listConditions(spec as ListSpec<never>, query, scope);
  const sort = query.sort ?? spec.defaultSort;
  const terms = sortTerms(spec as ListSpec<never>, sort, query.sort ? 'sort' : undefined);
  const order = orderSql(terms);

  const total = listTotal(db, spec, query, { where, params });
  const lastPage = Math.max(1, Math.ceil(total / query.show));
  const plan = readPlan(db, spec as ListSpec<never>, terms, total, 'sort');
  const usesCursors = plan.cursors;
  const cursor = usesCursors ? decodeCursor(query.params.get('cursor'), { sort, show: query.show, width: terms.length }) : null;
  const currentPage = cursor?.page ?? query.page;
  const offset = (currentPage - 1) * query.show;

  let page: PageRows<Row>;
  if (spec.keyFrom !== undefined) {
    // From the far end when that is nearer: the last page reads `show` rows, not `total`.
    const fromEnd = !cursor && offset < total && offset > total / 2;
    const limit = fromEnd ? Math.min(query.show, total - offset) : query.show;
    const skip = cursor ? 0 : fromEnd ? total - offset - limit : offset;
    // A page past the end reads nothing (OFFSET would walk the whole list to find no row).
    if (!cursor && offset >= total) {
      page = { rows: [], keys: 0, firstValues: null, lastValues: null };
    } else {
      checkSkip(spec as ListSpec<never>, plan, total, currentPage, skip);
      page = keyedPage(db, spec, terms, { where, params }, {
        plan,
        boundary: cursor ? { values: cursor.values, side: cursor.side } : undefined,
        reversed: cursor ? cursor.side === 'before' : fromEnd,
        limit,
        offset: skip,
      });
    }
  } else {
    const rows = offset >= total ? [] : (db.prepare(`SELECT ${spec.select} FROM ${spec.from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...params, query.show, offset) as Row[]);
    page = { rows, keys: rows.length, firstValues: null, lastValues: null };
  }
  const { rows } = page;

  const cursorTo = (targetPage: number, side: Cursor['side'], values: (CursorValue | null)[] | null) =>
    usesCursors && values ? cursorUrl(query, { page: targetPage, side, values, sort, show: query.show }) : pageUrl(query, targetPage);
  const prev = currentPage > 1 ? (rows.length ? cursorTo(currentPage - 1, 'before', page.firstValues) : pageUrl(query, Math.min(currentPage - 1, lastPage))) : null;
  const next = currentPage < lastPage && rows.length ? cursorTo(currentPage + 1, 'after', page.lastValues) : null;
  const numbered: PageLink[] = pageNumbers(currentPage, lastPage).map((n) =>
    n === '...' ? { url: null, label: '...', active: false } : { url: pageUrl(query, n), label: String(n), active: n === currentPage },
  );

  return {
    data: spec.map ? rows.map(spec.map) : rows,
    links: { first: pageUrl(query, 1), last: pageUrl(query, lastPage), prev, next },
    meta: {
      current_page: currentPage,
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
