import { EARLIEST_DATE, LATEST_DATE } from '../../src/format/dateBounds';
import { fieldError } from './errors';

/*
 * Dates in query strings (reporting `from`/`to`). Every loop over days and every inlined SQL date
 * depends on the bounds (shared with the portal's date inputs): a year-9999 or year-0000 date
 * once made a series loop forever.
 */
export { EARLIEST_DATE, LATEST_DATE };
/** The most days one time series may cover. */
export const MAX_SERIES_DAYS = 366;

const DAY_MS = 86_400_000;

/** Whether `value` is YYYY-MM-DD naming a day that exists (no 2024-02-30) within the bounds. */
export function isBoundedDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && value >= EARLIEST_DATE && value <= LATEST_DATE;
}

/** A query value as a bounded date, null when absent or empty, else 422 on `key`. */
export function dateParam(value: unknown, key: 'from' | 'to'): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !isBoundedDate(value)) {
    throw fieldError(key, `The ${key} field must be a real date (YYYY-MM-DD) from ${EARLIEST_DATE} to ${LATEST_DATE}.`);
  }
  return value;
}

export interface DateRange {
  /** Inclusive first day, YYYY-MM-DD (UTC). */
  from: string | null;
  /** Inclusive last day. */
  to: string | null;
}

/** `?from=&to=` as a range: each bounded, `to` not before `from` (422 otherwise). */
export function dateRangeOf(query: Record<string, unknown>): DateRange {
  const range = { from: dateParam(query.from, 'from'), to: dateParam(query.to, 'to') };
  if (range.from && range.to && range.from > range.to) throw fieldError('to', 'The to field must be a date after or equal to from.');
  return range;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The window of a daily series: by default the 30 days ending `today` (UTC), never before the
 * earliest date, and at most MAX_SERIES_DAYS long (422 on `from` otherwise).
 */
export function seriesWindow(range: DateRange, today = new Date().toISOString().slice(0, 10)): { from: string; to: string } {
  const to = range.to ?? (today > LATEST_DATE ? LATEST_DATE : today);
  const defaultFrom = addDays(to, -29);
  const from = range.from ?? (defaultFrom < EARLIEST_DATE ? EARLIEST_DATE : defaultFrom);
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1 > MAX_SERIES_DAYS) {
    throw fieldError('from', `The time series covers at most ${MAX_SERIES_DAYS} days.`);
  }
  return { from, to };
}
