import { describe, expect, test } from 'vitest';
import { formatClock, formatElapsed, formatElapsedMinutes } from '../../../src/format/elapsed';

describe('figures of time read as time (issue 26 item 8)', () => {
  test('a total: hours and minutes, minutes and seconds, seconds; never rounded up', () => {
    expect(formatElapsedMinutes(1457.6)).toBe('24 h 17 min');
    expect(formatElapsedMinutes(56.5)).toBe('56 min 30 s');
    expect(formatElapsedMinutes(60)).toBe('1 h');
    expect(formatElapsed(36)).toBe('36 s');
    expect(formatElapsed(60 * 60 * 1234 + 60)).toBe('1,234 h 1 min');
    expect(formatElapsed(Number.NaN)).toBe('0 s');
    expect(formatElapsed(-5)).toBe('0 s');
  });

  test('one call’s average length as a clock', () => {
    expect(formatClock(483.18)).toBe('8:03');
    expect(formatClock(59.6)).toBe('1:00');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(0)).toBe('0:00');
  });
});
