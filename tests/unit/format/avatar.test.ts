import { describe, expect, test } from 'vitest';
import { AVATAR_MAX_LIGHTNESS, AVATAR_MIN_CONTRAST, avatarColor, initials, whiteContrast } from '../../../src/format/avatar';

describe('initials', () => {
  test.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Ada King Lovelace', 'AL'],
    ['  Ada   Lovelace  ', 'AL'],
    ['Ada', 'A'],
    ['ada@example.com', 'A'],
    ['  bob.smith@example.com ', 'B'],
    ['Émile Zola', 'ÉZ'],
    ['(Ada) Lovelace', 'AL'],
    ['Ada -', 'A'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('avatarColor', () => {
  const parse = (color: string): [number, number, number] => {
    const m = /^hsl\((\d+), (\d+)%, (\d+)%\)$/.exec(color);
    expect(m).not.toBeNull();
    return [Number(m?.[1]), Number(m?.[2]), Number(m?.[3])];
  };

  test.each(['AL', 'A', 'ZZ', 'ÉZ', '', 'QX', 'MK', 'JD'])('%j is deterministic and readable with white text', (ini) => {
    const color = avatarColor(ini);
    expect(avatarColor(ini)).toBe(color);
    const [h, s, l] = parse(color);
    expect(h).toBeGreaterThanOrEqual(0);
    expect(h).toBeLessThan(360);
    expect(l).toBeLessThanOrEqual(AVATAR_MAX_LIGHTNESS);
    expect(whiteContrast(h, s, l)).toBeGreaterThanOrEqual(AVATAR_MIN_CONTRAST);
  });

  test('every two-letter pair stays within the lightness cap and contrast floor', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const a of letters) {
      for (const b of letters) {
        const [h, s, l] = parse(avatarColor(a + b));
        expect(l).toBeLessThanOrEqual(AVATAR_MAX_LIGHTNESS);
        expect(whiteContrast(h, s, l)).toBeGreaterThanOrEqual(AVATAR_MIN_CONTRAST);
      }
    }
  });

  test('is case-insensitive and varies between initials', () => {
    expect(avatarColor('al')).toBe(avatarColor('AL'));
    expect(new Set(['AL', 'BM', 'CN', 'DO', 'EP'].map(avatarColor)).size).toBeGreaterThan(1);
  });

  test('whiteContrast: white on black is 21:1, white on white is 1:1', () => {
    expect(whiteContrast(0, 0, 0)).toBeCloseTo(21, 5);
    expect(whiteContrast(0, 0, 100)).toBeCloseTo(1, 5);
  });
});
