import { describe, expect, test } from 'vitest';
import { formatExactTimestamp, formatTimestamp } from '../../../src/format/timestamp';

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

// The en-US texts are composed by hand for speed (a list formats two dates a row): they must be
// exactly what Intl says for every day and every minute-of-day pattern of two years.
describe('en-US by hand equals Intl', () => {
  const intl = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat('en-US', options);
    return (date: Date) => format.format(date).replace(/[\u202f\u00a0]/g, ' ');
  };
  const time = intl({ hour: 'numeric', minute: '2-digit' });
  const date = intl({ month: 'short', day: 'numeric' });
  const dateWithYear = intl({ month: 'short', day: 'numeric', year: 'numeric' });
  const exact = intl({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
  const exactWithSeconds = intl({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

  test('every day of 2024 and 2025, at a different hour, minute and second each day', () => {
    const today = new Date(2025, 5, 15, 12, 0);
    let checked = 0;
    for (let day = 0; day < 731; day += 1) {
      const value = new Date(2024, 0, 1 + day, day % 24, (day * 7) % 60, (day * 13) % 60);
      expect(formatExactTimestamp(value)).toBe(exact(value));
      expect(formatExactTimestamp(value, { seconds: true })).toBe(exactWithSeconds(value));
      const days = Math.round((Date.UTC(2025, 5, 15) - Date.UTC(value.getFullYear(), value.getMonth(), value.getDate())) / 86_400_000);
      if (days < 0 || days > 6) expect(formatTimestamp(value, today)).toBe(value.getFullYear() === 2025 ? date(value) : dateWithYear(value));
      checked += 1;
    }
    expect(checked).toBe(731);
  });

  test('every minute of a day reads as Intl reads it', () => {
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const value = new Date(2025, 2, 10, Math.floor(minute / 60), minute % 60);
      expect(formatTimestamp(value, new Date(2025, 2, 10, 23, 59))).toBe(time(value));
    }
  });
});

describe('in the user’s time zone (issue 26)', () => {
  // 14:30 UTC on Mon 10 Mar 2025; "now" is 16:00 UTC the same day.
  const moment = new Date(Date.UTC(2025, 2, 10, 14, 30));
  const later = new Date(Date.UTC(2025, 2, 10, 16, 0));
  test.each<[string, string, string]>([
    ['UTC', '2:30 PM', 'Mon, Mar 10, 2025, 2:30 PM'],
    ['America/New_York', '10:30 AM', 'Mon, Mar 10, 2025, 10:30 AM'],
    // Tokyo: the moment is 23:30 on the 10th, now is 01:00 on the 11th → the day before.
    ['Asia/Tokyo', 'Yesterday', 'Mon, Mar 10, 2025, 11:30 PM'],
    ['Asia/Kolkata', '8:00 PM', 'Mon, Mar 10, 2025, 8:00 PM'],
  ])('%s', (zone, short, exact) => {
    expect(formatTimestamp(moment, later, 'en-US', zone)).toBe(short);
    expect(formatExactTimestamp(moment, { timeZone: zone })).toBe(exact);
  });

  test('a date across the year in the zone, another locale, and an unknown zone (the browser’s, not an error)', () => {
    const newYearsEve = new Date(Date.UTC(2024, 11, 31, 20, 0)); // 1 Jan 2025 05:00 in Tokyo
    expect(formatTimestamp(newYearsEve, new Date(Date.UTC(2025, 0, 20)), 'en-US', 'Asia/Tokyo')).toBe('Jan 1');
    expect(formatTimestamp(newYearsEve, new Date(Date.UTC(2025, 0, 20)), 'en-US', 'UTC')).toBe('Dec 31, 2024');
    expect(formatTimestamp(moment, later, 'en-GB', 'America/New_York')).toBe('10:30');
    expect(formatTimestamp(moment, later, 'en-US', 'Mars/Olympus_Mons')).toBe(formatTimestamp(moment, later));
  });
});

// The zone's offset is remembered per day (a list asks for it 300 times a render), UTC's is
// known: on the days a zone changes its clocks, and on every other day, the wall clock must
// still be Intl's.
describe('in a zone, across its clock changes', () => {
  test.each(['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns', 'Asia/Kathmandu', 'UTC', 'Etc/GMT'])('%s, every day of 2025 and every quarter hour of its change days', (zone) => {
    const intl = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
    const expected = (date: Date) => intl.format(date).replace(/[\u202f\u00a0]/g, ' ');
    const offsetAt = (ms: number) => {
      const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
      return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!) - Math.floor(ms / 60_000) * 60_000;
    };
    let changeDays = 0;
    for (let day = 0; day < 365; day += 1) {
      const start = Date.UTC(2025, 0, 1 + day);
      const changes = offsetAt(start) !== offsetAt(start + 86_399_000);
      if (changes) changeDays += 1;
      const instants = changes ? Array.from({ length: 96 }, (_, q) => start + q * 900_000 + 7_000) : [start + ((day * 3_613_000) % 86_400_000)];
      for (const ms of instants) expect(formatExactTimestamp(new Date(ms), { seconds: true, timeZone: zone })).toBe(expected(new Date(ms)));
    }
    // Every zone here but Kathmandu and UTC changes its clocks twice in 2025.
    expect(changeDays).toBe(['Asia/Kathmandu', 'UTC', 'Etc/GMT'].includes(zone) ? 0 : 2);
  });
});
