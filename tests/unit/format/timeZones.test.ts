import { describe, expect, test } from 'vitest';
import { offsetLabel, searchTimeZones, timeZoneChoices } from '../../../src/format/timeZones';

describe('the time zone list of Settings (issue 26)', () => {
  const winter = new Date(Date.UTC(2025, 0, 15));
  const choices = timeZoneChoices('Europe/Paris', winter);

  test('every zone with its offset, UTC included, sorted by offset then name', () => {
    expect(choices.find((c) => c.zone === 'UTC')?.label).toBe('(UTC+00:00) UTC');
    // ICU spells India's zone Asia/Kolkata or, in older data, Asia/Calcutta.
    expect(choices.find((c) => /^Asia\/(Kolkata|Calcutta)$/.test(c.zone))?.label).toMatch(/^\(UTC\+05:30\) Asia\/(Kolkata|Calcutta)$/);
    expect(choices.find((c) => c.zone === 'America/New_York')?.label).toBe('(UTC-05:00) America/New York');
    const offsets = choices.map((c) => c.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(choices.length).toBeGreaterThan(300);
    expect(choices.length).toBeLessThan(700);
  });

  test('a zone the browser does not list is kept as the user’s current one', () => {
    expect(timeZoneChoices('Legacy/Zone', winter).some((c) => c.zone === 'Legacy/Zone')).toBe(true);
  });

  test('search by city with spaces, by region, by offset in its usual spellings', () => {
    const zones = (query: string) => searchTimeZones(choices, query).map((c) => c.zone);
    expect(zones('new york')).toEqual(['America/New_York']);
    expect(zones('NEW_YORK')).toEqual(['America/New_York']);
    expect(zones('utc+5:30')).toContain('Asia/Colombo');
    expect(zones('UTC+05:30')).toContain('Asia/Colombo');
    expect(zones('gmt+9')).toContain('Asia/Tokyo');
    expect(zones('europe paris')).toEqual(['Europe/Paris']);
    expect(zones('')).toHaveLength(choices.length);
    expect(zones('no such place')).toEqual([]);
  });

  test('offset labels', () => {
    expect(offsetLabel(0)).toBe('UTC+00:00');
    expect(offsetLabel(-210)).toBe('UTC-03:30');
    expect(offsetLabel(345)).toBe('UTC+05:45');
  });
});
