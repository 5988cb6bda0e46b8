import type { AccountScope } from '../../../auth/accountScope';
import { filterValues, type ListQuery } from '../../list';
import { GRADES, inlineScopeSql, type DateRange, type Grade } from './shared';

/**
 * Reading `conversation_rollups` (server/db/migrations/reportingScale.ts): one row per UTC day
 * and (account, role, instance, disposition, channel) with summed figures, kept by triggers.
 * Statistics sum these rows over the requested days instead of reading every conversation.
 */

/** Raw sums of the matching rollup rows (alias `r`), for `figures` to turn into the API's numbers. */
export const ROLLUP_SUMS = `
  SUM(r.conversations) AS conversations, SUM(r.active) AS active, SUM(r.duration_seconds) AS duration_seconds,
  SUM(r.cost_micros) AS cost_micros, SUM(r.grade_a) AS grade_a, SUM(r.grade_b) AS grade_b, SUM(r.grade_c) AS grade_c,
  SUM(r.grade_d) AS grade_d, SUM(r.grade_f) AS grade_f`;

/**
 * The statistics figures (AggregateRow's columns) from sums in alias `s`; no rows (NULL sums,
 * e.g. a role without conversations) read as zero. Each figure is the same arithmetic a full
 * recount does (sum / count, rounded), except cost: summed exactly in micro-units and rounded
 * half up to cents, where a float SUM(cost) may land either side of a half cent.
 */
export function figures(s: string): string {
  const graded = `(${['a', 'b', 'c', 'd', 'f'].map((g) => `${s}.grade_${g}`).join(' + ')})`;
  return `
    COALESCE(${s}.conversations, 0) AS conversations,
    ROUND(COALESCE(${s}.duration_seconds, 0) / 60.0, 2) AS minutes,
    ((COALESCE(${s}.cost_micros, 0) + 5000) / 10000) / 100.0 AS cost,
    ROUND(COALESCE(${s}.duration_seconds * 1.0 / NULLIF(${s}.conversations, 0), 0), 2) AS average_duration_seconds,
    ROUND((4.0 * ${s}.grade_a + 3 * ${s}.grade_b + 2 * ${s}.grade_c + ${s}.grade_d) / NULLIF(${graded}, 0), 2) AS grade_score,
    ${['a', 'b', 'c', 'd', 'f'].map((g) => `COALESCE(${s}.grade_${g}, 0) AS grade_${g}`).join(', ')}`;
}

/** Rollup rows of the caller's accounts in the date range (days inclusive), values inlined (validated). */
export function rollupWhere(scope: AccountScope, range: DateRange): string {
  const parts = [inlineScopeSql(scope, 'r.account_id')];
  if (range.from) parts.push(`r.day >= '${range.from}'`);
  if (range.to) parts.push(`r.day <= '${range.to}'`);
  return parts.join(' AND ');
}

const ROLLUP_COLUMNS = `account_id, role_id, instance_id, disposition_id, channel, conversations, active, duration_seconds, cost_micros,
  grade_a, grade_b, grade_c, grade_d, grade_f`;

const monthOf = (day: string) => day.slice(0, 7);
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}
const lastDayOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * The caller's rollup rows for the range as one FROM (alias `r`, no `day` column): whole
 * months from the monthly rollup, the ragged days at either end from the daily one. Values are
 * inlined (validated days, our own account id), so it nests anywhere.
 */
export function rollupFrom(scope: AccountScope, range: DateRange): string {
  // First and last month the range covers completely (null: unbounded on that side).
  const firstFull = range.from === null ? null : range.from.endsWith('-01') ? monthOf(range.from) : shiftMonth(monthOf(range.from), 1);
  const lastFull = range.to === null ? null : range.to === lastDayOf(monthOf(range.to)) ? monthOf(range.to) : shiftMonth(monthOf(range.to), -1);
  const scoped = inlineScopeSql(scope, 'account_id');
  if (firstFull !== null && lastFull !== null && firstFull > lastFull) {
    return `(SELECT ${ROLLUP_COLUMNS} FROM conversation_rollups WHERE ${scoped}${dayBounds(range)}) r`;
  }
  const months = [firstFull && `month >= '${firstFull}'`, lastFull && `month <= '${lastFull}'`].filter(Boolean);
  const outside = [firstFull && `day < '${firstFull}-01'`, lastFull && `day > '${lastFull}-31'`].filter(Boolean);
  const monthly = `SELECT ${ROLLUP_COLUMNS} FROM conversation_rollups_monthly WHERE ${[scoped, ...months].join(' AND ')}`;
  if (outside.length === 0) return `(${monthly}) r`;
  const daily = `SELECT ${ROLLUP_COLUMNS} FROM conversation_rollups WHERE ${scoped}${dayBounds(range)} AND (${outside.join(' OR ')})`;
  return `(${monthly} UNION ALL ${daily}) r`;
}

function dayBounds(range: DateRange): string {
  return `${range.from ? ` AND day >= '${range.from}'` : ''}${range.to ? ` AND day <= '${range.to}'` : ''}`;
}

/** A link column stored as 0 for "none" back to NULL. */
export const linkOf = (column: string) => `NULLIF(${column}, 0)`;

const ID = /^[1-9]\d{0,15}$/;

/** What a conversation list asks for, in the terms the rollups can answer. */
export interface RollupListQuery {
  scope: AccountScope;
  range: DateRange;
  /** Letter grades the list is restricted to (each entry one `IN`), e.g. `grades[]` and the grade endpoint. */
  grades: readonly (readonly Grade[])[];
  /** Disposition ids the list is restricted to (each entry one `IN`). */
  dispositions: readonly (readonly number[])[];
}

/**
 * The list's total from the rollups when every condition is one of theirs (scope, days,
 * channel, grade, role, instance, disposition), else undefined (the list counts rows instead).
 */
export function rollupListTotal(
  count: (sql: string, params: unknown[]) => number,
  list: RollupListQuery,
  query: Pick<ListQuery, 'filters' | 'search'>,
): number | undefined {
  if (query.search) return undefined;
  const conditions: string[] = ['1 = 1'];
  const params: unknown[] = [];
  const anyOf = (column: string, values: readonly unknown[]) => {
    conditions.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  let allowed: Set<string> = new Set(GRADES);
  for (const grades of list.grades) allowed = new Set(grades.filter((g) => allowed.has(g)));
  for (const ids of list.dispositions) anyOf('r.disposition_id', ids);
  const columns: Record<string, string> = { channel: 'r.channel', role_id: 'r.role_id', instance_id: 'r.instance_id', disposition_id: 'r.disposition_id' };
  for (const [name, raw] of query.filters) {
    const values = filterValues(raw);
    if (values.length === 0) continue;
    if (name === 'letter_grade') {
      // c.letter_grade IN (values) matches exact letters only; anything else matches nothing.
      allowed = new Set(values.filter((v) => allowed.has(v)));
      continue;
    }
    const column = columns[name];
    if (!column) return undefined;
    // An id that is not a positive integer could equal the 0 that stands for "none": count rows instead.
    if (name !== 'channel' && !values.every((v) => ID.test(v))) return undefined;
    anyOf(column, values);
  }
  const restricted = list.grades.length > 0 || query.filters.has('letter_grade');
  if (restricted && allowed.size === 0) return 0;
  const summed = restricted ? [...allowed].map((g) => `r.grade_${g.toLowerCase()}`).join(' + ') : 'r.conversations';
  return count(`SELECT COALESCE(SUM(${summed}), 0) AS n FROM ${rollupFrom(list.scope, list.range)} WHERE ${conditions.join(' AND ')}`, params);
}
