import type { Request } from 'express';
import type { AccountScope } from '../../../auth/accountScope';
import type { Database } from '../../../db/connection';
import { cachedStatement } from '../../../db/statements';
import { dateRangeOf, type DateRange } from '../../dateRange';
import { fieldError } from '../../errors';
import type { SqlCondition } from '../../list';

const seenTables = new WeakMap<Database, Set<string>>();

/** Whether the table exists; a table once seen is remembered (tables are added by migrations, never dropped while serving). */
export function tableExists(db: Database, name: string): boolean {
  let seen = seenTables.get(db);
  if (!seen) seenTables.set(db, (seen = new Set()));
  if (seen.has(name)) return true;
  const exists = cachedStatement(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  if (exists) seen.add(name);
  return exists;
}

export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
export type Grade = (typeof GRADES)[number];

/** Grade points (A 4 … F 0): averages and rankings compare these. */
export const GRADE_SCORE_SQL = `CASE c.letter_grade WHEN 'A' THEN 4 WHEN 'B' THEN 3 WHEN 'C' THEN 2 WHEN 'D' THEN 1 WHEN 'F' THEN 0 END`;

/** The letter of an average score: the nearest grade (3.5 and up is an A). */
export function letterOf(score: number | null): Grade | null {
  if (score === null) return null;
  if (score >= 3.5) return 'A';
  if (score >= 2.5) return 'B';
  if (score >= 1.5) return 'C';
  if (score >= 0.5) return 'D';
  return 'F';
}

/** Every value of a query key, Laravel style: `k[]=a&k[]=b`, `k[0]=a`, `k=a,b` all give [a, b]. */
export function queryValues(req: Request, key: string): string[] {
  const params = new URL(req.originalUrl, 'http://x').searchParams;
  const values: string[] = [];
  for (const [name, value] of params) {
    if (name === key || name === `${key}[]` || new RegExp(`^${key}\\[\\d+\\]$`).test(name)) {
      values.push(...value.split(',').map((v) => v.trim()).filter(Boolean));
    }
  }
  return values;
}

export function gradeValues(req: Request, key: string): Grade[] {
  const values = queryValues(req, key).map((v) => v.toUpperCase());
  for (const value of values) {
    if (!(GRADES as readonly string[]).includes(value)) throw fieldError(key, `The selected ${key.replace(/_/g, ' ')} is invalid.`);
  }
  return values as Grade[];
}

export function idValues(req: Request, key: string): number[] {
  const values = queryValues(req, key);
  for (const value of values) if (!/^[1-9]\d{0,15}$/.test(value)) throw fieldError(key, `The ${key} field must contain integers.`);
  return values.map(Number);
}

export type { DateRange };

const DAY_MS = 86_400_000;

/** `?from=&to=`: bounded, real dates (the rules live in http/dateRange.ts). */
export function dateRange(req: Request): DateRange {
  return dateRangeOf(req.query);
}

export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The date range as SQL on `column`, with its values inlined. Inlining is safe only because
 * dateRange() accepted nothing but YYYY-MM-DD; it lets the condition sit inside a FROM subquery,
 * where list.ts's paginate cannot bind parameters.
 */
export function inlineRangeSql(range: DateRange, column: string): string {
  const parts: string[] = [];
  if (range.from) parts.push(`${column} >= '${range.from}'`);
  if (range.to) parts.push(`${column} < '${nextDay(range.to)}'`);
  return parts.length ? parts.join(' AND ') : '1 = 1';
}

/** The account scope inlined the same way (its account id is an integer we produced). */
export function inlineScopeSql(scope: AccountScope, column: string): string {
  switch (scope.kind) {
    case 'all': return '1 = 1';
    case 'account': return `${column} = ${Math.trunc(Number(scope.accountId))}`;
    case 'none': return '1 = 0';
  }
}

export function rangeCondition(range: DateRange, column: string): SqlCondition {
  return { sql: inlineRangeSql(range, column), params: [] };
}

/** Aggregates over `conversations c` shared by every statistics endpoint. */
export const AGGREGATES = `
  COUNT(c.id) AS conversations,
  ROUND(COALESCE(SUM(c.duration_seconds), 0) / 60.0, 2) AS minutes,
  ROUND(COALESCE(SUM(c.cost), 0), 2) AS cost,
  ROUND(COALESCE(AVG(c.duration_seconds), 0), 2) AS average_duration_seconds,
  ROUND(AVG(${GRADE_SCORE_SQL}), 2) AS grade_score,
  COALESCE(SUM(c.letter_grade = 'A'), 0) AS grade_a,
  COALESCE(SUM(c.letter_grade = 'B'), 0) AS grade_b,
  COALESCE(SUM(c.letter_grade = 'C'), 0) AS grade_c,
  COALESCE(SUM(c.letter_grade = 'D'), 0) AS grade_d,
  COALESCE(SUM(c.letter_grade = 'F'), 0) AS grade_f`;

export interface AggregateRow {
  conversations: number;
  minutes: number;
  cost: number;
  average_duration_seconds: number;
  grade_score: number | null;
  grade_a: number;
  grade_b: number;
  grade_c: number;
  grade_d: number;
  grade_f: number;
}

export interface Totals {
  conversations: number;
  minutes: number;
  cost: number;
  average_duration_seconds: number;
  grade_score: number | null;
  average_grade: Grade | null;
  grades: Record<Grade, number>;
}

/** AGGREGATES' flat columns as the API's statistics object. */
export function totalsOf(row: AggregateRow): Totals {
  return {
    conversations: row.conversations,
    minutes: row.minutes,
    cost: row.cost,
    average_duration_seconds: row.average_duration_seconds,
    grade_score: row.grade_score,
    average_grade: letterOf(row.grade_score),
    grades: { A: row.grade_a, B: row.grade_b, C: row.grade_c, D: row.grade_d, F: row.grade_f },
  };
}
