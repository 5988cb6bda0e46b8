import { ValidationError } from './errors';
import type { CursorValue } from './listCursor';

/**
 * How a list of a million rows is read in its sort order without sorting the table (issue 27):
 * every accepted sort walks an index in order and stops after the page, or the list is small
 * enough to sort, or the request is a 422 that says what to do instead.
 *
 * A sort `k1,-k2` is read as the columns asked for, then `then` (the second column of the
 * list's indexes) in the last column's direction, then the tiebreaker (the row key) in that
 * direction too. That order has an index walk when it is
 * - `then` alone, or `k,then` in one direction where `k` has an index (k, then): one walk,
 *   forwards or backwards (a nullable k reads its NULL rows as an arm of their own, see below);
 * - `g,then` in any two directions where `g` holds few values (`groups`): one walk of the
 *   (g, then) index per value, merged in g's order (SQLite's MERGE of UNION ALL arms).
 * A list of more than `scanLimit` rows is read only that way, walking that index (INDEXED BY:
 * a filter's index would find a third of the table and sort it), and pages from keyset cursors
 * (links.next/prev: the next page starts after the last row shown); any other sort (e.g.
 * `status,-cost`) is a 422 there. `page=N` may walk at most `maxSkip` index entries before its
 * page (from the nearer end): a filter that keeps one row in k walks k entries a row, so the
 * reach in rows is maxSkip × rows listed / rows in the table.
 * A list of at most `scanLimit` rows is found through its filters and sorted as asked.
 */
export interface SortIndexSpec {
  /** The sort name every index pairs with (`started_at`): it follows any sort not naming it. */
  then: string;
  /** Sort names with an index (name, then). */
  indexed: readonly string[];
  /** Sort names of few values (each has an index (name, then)); their values are read from that index per request. */
  groups: readonly string[];
  /** The index (name, then) of each sort name in `indexed` and `groups` (`then`'s own for `then`). */
  indexes: Readonly<Record<string, string>>;
  /** Rows in the whole table (cheaply: rollups), for the reach of page numbers. */
  tableRows: () => number;
  /** Sort names whose column may be NULL. */
  nullable: readonly string[];
  /** Rows a list may hold and still be sorted in a way no index serves. */
  scanLimit: number;
  /** Rows `page=N` may skip before its page (from the nearer end of the list). */
  maxSkip: number;
}

export interface SortTerm {
  /** Public sort name; '' for the tiebreaker. */
  name: string;
  expression: string;
  descending: boolean;
}

/** One index walk of a plan: the rows of one value of the leading column, or all rows. */
export interface SortArm {
  /** Only this arm's rows (`g IS ?`, `k IS NULL`, `k IS NOT NULL`); none for a single walk. */
  condition?: { sql: string; params: unknown[] };
  /** The leading value every row of the arm has (group and NULL arms); undefined: it varies. */
  value?: CursorValue | null;
  /** The first term whose value varies within the arm (its keyset compares from there). */
  from: number;
}

/** The arms of an index walk in list order, and the index they walk; null when no index serves the sort. */
export type SortPlan = { arms: SortArm[]; index: string } | null;

/** The request's sort terms (`then` and the tiebreaker appended), or a 422 naming what is allowed. */
export function sortTerms(
  sortable: Record<string, string>,
  sort: string,
  options: { reportAs?: string; index?: SortIndexSpec; tiebreaker: string; tieFollowsSort: boolean },
): SortTerm[] {
  const terms: SortTerm[] = [];
  const field = options.reportAs ?? 'sort';
  for (const raw of sort.split(',').map((s) => s.trim()).filter(Boolean)) {
    const descending = raw.startsWith('-');
    const name = descending ? raw.slice(1) : raw;
    // Own keys only: `sort=constructor` must not find Object.prototype's.
    const expression = Object.hasOwn(sortable, name) ? sortable[name] : undefined;
    if (!expression) {
      throw new ValidationError({ [field]: [`The selected sort is invalid. Allowed: ${Object.keys(sortable).join(', ')}.`] });
    }
    // Bounded ORDER BY: each column once (a second mention could never change the order).
    if (terms.some((t) => t.name === name)) throw new ValidationError({ [field]: [`The sort names ${name} twice.`] });
    terms.push({ name, expression, descending });
  }
  const last = terms[terms.length - 1];
  const index = options.index;
  if (index && last && !terms.some((t) => t.name === index.then)) {
    terms.push({ name: index.then, expression: sortable[index.then]!, descending: last.descending });
  }
  // Indexed lists break ties in the sort's direction so one index serves the whole ORDER BY;
  // other lists keep ascending ids (their established order).
  const tieDescending = options.tieFollowsSort && last !== undefined && terms[terms.length - 1]!.descending;
  terms.push({ name: '', expression: options.tiebreaker, descending: tieDescending });
  return terms;
}

/** The index walk that reads `terms` in order, or null (see SortIndexSpec). */
export function sortPlan(index: SortIndexSpec, terms: readonly SortTerm[], valuesOf: (expression: string) => (CursorValue | null)[] | null): SortPlan {
  const named = terms.slice(0, -1);
  const [lead, second] = named;
  if (!lead) return null;
  const walk = (arms: SortArm[]) => ({ arms, index: index.indexes[lead.name]! });
  if (named.length === 1) return lead.name === index.then ? walk([{ from: 0 }]) : null;
  if (named.length !== 2 || second!.name !== index.then) return null;
  const values = index.groups.includes(lead.name) ? valuesOf(lead.expression) : null;
  // Too many values for arms: not walkable.
  if (index.groups.includes(lead.name) && !values) return null;
  if (values) {
    const ordered = lead.descending ? [...values].reverse() : values;
    return walk(ordered.map((value) => ({ condition: { sql: `${lead.expression} IS ?`, params: [value] }, value, from: 1 })));
  }
  if (!index.indexed.includes(lead.name) || lead.descending !== second!.descending) return null;
  if (!index.nullable.includes(lead.name)) return walk([{ from: 0 }]);
  // NULLs sort first ascending, last descending (SQLite); a row-value comparison with NULL is
  // never true, so the NULL rows are an arm of their own, keyed from `then` on.
  const nulls: SortArm = { condition: { sql: `${lead.expression} IS NULL`, params: [] }, value: null, from: 1 };
  const present: SortArm = { condition: { sql: `${lead.expression} IS NOT NULL`, params: [] }, from: 0 };
  return walk(lead.descending ? [present, nulls] : [nulls, present]);
}

/** Which arm holds the row with these sort values. */
export function armOf(plan: readonly SortArm[], values: readonly (CursorValue | null)[]): number {
  if (plan.length === 1) return 0;
  const lead = values[0] ?? null;
  const at = plan.findIndex((arm) => (arm.from === 0 ? lead !== null : arm.value === lead));
  return at;
}

/**
 * Rows after (or before) the row with `values` within one arm: a row-value comparison of the
 * terms that vary in the arm, which SQLite answers from the arm's index.
 */
export function keysetWithin(terms: readonly SortTerm[], arm: SortArm, values: readonly (CursorValue | null)[], side: 'after' | 'before'): { sql: string; params: unknown[] } {
  const varying = terms.slice(arm.from);
  const forward = side === 'after' ? !varying[0]!.descending : varying[0]!.descending;
  return {
    sql: `(${varying.map((t) => t.expression).join(', ')}) ${forward ? '>' : '<'} (${varying.map(() => '?').join(', ')})`,
    params: values.slice(arm.from),
  };
}

/** At most this many values make a column's arms; more and it is not few-valued after all. */
export const MAX_GROUP_VALUES = 20;

/**
 * The distinct values of an indexed column, ascending with NULL first (SQLite's order), read
 * by seeking its index once per value (no scan): read per request, so a value added later
 * (say a new channel) never drops out of a list. Null when there are more than MAX_GROUP_VALUES.
 */
export function distinctValues(next: (after: CursorValue | null) => CursorValue | null, hasNull: boolean): (CursorValue | null)[] | null {
  const values: (CursorValue | null)[] = hasNull ? [null] : [];
  for (let value = next(null); value !== null; value = next(value)) {
    values.push(value);
    if (values.length > MAX_GROUP_VALUES) return null;
  }
  return values;
}

/**
 * Rows after (or before) the row with `values` in any mix of directions and NULLs (NULL sorts
 * first ascending): `a > ? OR (a IS ? AND (b < ? OR …))`. No index answers it; it is for lists
 * short enough to sort (at most `scanLimit` rows).
 */
export function keysetAnyOrder(terms: readonly SortTerm[], values: readonly (CursorValue | null)[], side: 'after' | 'before'): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const build = (i: number): string => {
    const term = terms[i]!;
    const value = values[i] ?? null;
    const ascending = side === 'after' ? !term.descending : term.descending;
    const beyondSql = value === null ? (ascending ? `${term.expression} IS NOT NULL` : '0') : ascending ? `${term.expression} > ?` : `(${term.expression} < ? OR ${term.expression} IS NULL)`;
    if (value !== null) params.push(value);
    if (i === terms.length - 1) return beyondSql;
    const equalSql = value === null ? `${term.expression} IS NULL` : `${term.expression} = ?`;
    if (value !== null) params.push(value);
    return `(${beyondSql} OR (${equalSql} AND ${build(i + 1)}))`;
  };
  return { sql: build(0), params };
}
