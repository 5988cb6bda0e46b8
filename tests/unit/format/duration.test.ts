import { describe, expect, test } from 'vitest';
import { DURATION_UNITS, formatDuration, splitDuration, toSeconds, type DurationUnit } from '../../../src/format/duration';

test('units match SPEC §9', () => {
  expect(DURATION_UNITS).toEqual({ Hours: 3600, Days: 86400, Weeks: 604800, Months: 2592000, Years: 31536000 });
});

describe('splitDuration', () => {
  test.each<[number, number, DurationUnit]>([
    [0, 0, 'Seconds'],
    [-0, 0, 'Seconds'],
    [1, 1, 'Seconds'],
    [59, 59, 'Seconds'],
    [3599, 3599, 'Seconds'],
    [3600, 1, 'Hours'],
    [5400, 5400, 'Seconds'], // 1.5 hours does not divide exactly
    [7200, 2, 'Hours'],
    [86400, 1, 'Days'],
    [90000, 25, 'Hours'],
    [172800, 2, 'Days'],
    [604800, 1, 'Weeks'],
    [1209600, 2, 'Weeks'],
    [2592000, 1, 'Months'],
    [5184000, 2, 'Months'],
    [31536000, 1, 'Years'],
    [63072000, 2, 'Years'],
    [31104000, 12, 'Months'], // 360 days: 12 months, not a year
    [8467200, 14, 'Weeks'], // 98 days: weeks and days divide, months do not
    [77760000, 30, 'Months'], // divisible by months, not years
    [-7200, -2, 'Hours'],
    [3600.5, 3600.5, 'Seconds'],
    [Number.NaN, 0, 'Seconds'],
    [Number.POSITIVE_INFINITY, 0, 'Seconds'],
  ])('%d s → %d %s', (seconds, value, unit) => {
    expect(splitDuration(seconds)).toEqual({ value, unit });
  });
});

describe('formatDuration', () => {
  test.each([
    [0, '0 Seconds'],
    [1, '1 Second'],
    [45, '45 Seconds'],
    [3600, '1 Hour'],
    [7200, '2 Hours'],
    [86400, '1 Day'],
    [259200, '3 Days'],
    [604800, '1 Week'],
    [2592000, '1 Month'],
    [31536000, '1 Year'],
    [94608000, '3 Years'],
    [3601, '3601 Seconds'],
    [-3600, '-1 Hour'],
  ])('%d → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('toSeconds', () => {
  test.each<[number, DurationUnit, number]>([
    [5, 'Seconds', 5],
    [2, 'Hours', 7200],
    [3, 'Days', 259200],
    [1, 'Weeks', 604800],
    [2, 'Months', 5184000],
    [1, 'Years', 31536000],
    [0, 'Years', 0],
    [Number.NaN, 'Hours', 0],
  ])('%d %s → %d', (value, unit, expected) => {
    expect(toSeconds(value, unit)).toBe(expected);
  });

  test.each([0, 1, 3600, 5400, 86400, 604800, 2592000, 31536000, 31104000])('round-trips %d through splitDuration', (s) => {
    const { value, unit } = splitDuration(s);
    expect(toSeconds(value, unit)).toBe(s);
  });
});
