import { describe, expect, test } from 'vitest';
import { formatMoney } from '../../../src/format/money';
import { formatNumber } from '../../../src/format/number';

describe('formatMoney', () => {
  test.each([
    [0, '$0.00'],
    [-0, '$0.00'],
    [1, '$1.00'],
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    [0.125, '$0.13'], // exactly representable half rounds away from zero
    [0.994, '$0.99'],
    [0.995, '$1.00'],
    [999.999, '$1,000.00'],
    [-1, '-$1.00'],
    [-1234.5, '-$1,234.50'],
    [-0.001, '$0.00'], // rounds to zero: no minus sign
    [Number.NaN, '—'],
    [Number.POSITIVE_INFINITY, '—'],
    [Number.NEGATIVE_INFINITY, '—'],
  ])('%d → %s', (n, expected) => {
    expect(formatMoney(n)).toBe(expected);
  });
});

describe('formatNumber', () => {
  test.each([
    [0, '0'],
    [2, '2'],
    [1234.5, '1,234.5'],
    [1234567, '1,234,567'],
    [1 / 3, '0.33'],
    [2 / 3, '0.67'],
    [1.005, '1.01'],
    [1.999, '2'],
    [0.1, '0.1'],
    [-1234.567, '-1,234.57'],
    [-0, '0'],
    [Number.NaN, '—'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('%d → %s', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });
});
