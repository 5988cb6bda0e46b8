import { describe, expect, test } from 'vitest';
import { formatTimestamp } from '../../../src/format/timestamp';

// Local-time constructors keep the tests independent of the machine's timezone.
const now = new Date(2025, 2, 10, 15, 30); // Mon 10 Mar 2025, 15:30 local

describe('formatTimestamp', () => {
  test.each<[string, Date, string]>([
    ['same day, earlier', new Date(2025, 2, 10, 15, 4), '3:04 PM'],
    ['same day, midnight', new Date(2025, 2, 10, 0, 0), '12:00 AM'],
    ['same day, later (future time today)', new Date(2025, 2, 10, 23, 59), '11:59 PM'],
    ['yesterday late', new Date(2025, 2, 9, 23, 59), 'Yesterday'],
    ['yesterday early (over 24h ago)', new Date(2025, 2, 9, 0, 1), 'Yesterday'],
    ['2 days ago', new Date(2025, 2, 8, 12, 0), '2 days ago'],
    ['6 days ago', new Date(2025, 2, 4, 23, 0), '6 days ago'],
    ['7 days ago shows the date', new Date(2025, 2, 3, 12, 0), 'Mar 3'],
    ['earlier this year', new Date(2025, 0, 15, 9, 0), 'Jan 15'],
    ['previous year', new Date(2024, 2, 4, 9, 0), 'Mar 4, 2024'],
    ['tomorrow (future) shows the date', new Date(2025, 2, 11, 9, 0), 'Mar 11'],
    ['next year (future) shows the year', new Date(2026, 0, 2, 9, 0), 'Jan 2, 2026'],
  ])('%s', (_name, value, expected) => {
    expect(formatTimestamp(value, now)).toBe(expected);
  });

  const newYear = new Date(2025, 0, 1, 0, 30); // 00:30 on 1 Jan 2025
  test.each<[string, Date, string]>([
    ['an hour ago, across the year boundary, is Yesterday', new Date(2024, 11, 31, 23, 30), 'Yesterday'],
    ['3 days ago, last year', new Date(2024, 11, 29, 10, 0), '3 days ago'],
    ['7 days ago, last year, shows the year', new Date(2024, 11, 25, 10, 0), 'Dec 25, 2024'],
    ['same day just after midnight', new Date(2025, 0, 1, 0, 5), '12:05 AM'],
  ])('year boundary: %s', (_name, value, expected) => {
    expect(formatTimestamp(value, newYear)).toBe(expected);
  });

  test('accepts epoch milliseconds and ISO strings', () => {
    const value = new Date(2025, 2, 8, 12, 0);
    expect(formatTimestamp(value.getTime(), now)).toBe('2 days ago');
    expect(formatTimestamp(value.toISOString(), now)).toBe('2 days ago');
  });

  test.each<[string, string | number | Date]>([
    ['garbage string', 'not a date'],
    ['empty string', ''],
    ['NaN', Number.NaN],
    ['invalid Date', new Date(Number.NaN)],
  ])('invalid input (%s) → empty', (_name, value) => {
    expect(formatTimestamp(value, now)).toBe('');
  });

  test('respects the locale', () => {
    expect(formatTimestamp(new Date(2025, 2, 10, 15, 4), now, 'en-GB')).toBe('15:04');
    expect(formatTimestamp(new Date(2024, 2, 4, 9, 0), now, 'en-GB')).toBe('4 Mar 2024');
  });
});
