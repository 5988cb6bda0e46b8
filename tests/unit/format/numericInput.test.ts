import { describe, expect, test, vi } from 'vitest';
import { blockNonIntegerKeys, sanitizeIntegerPaste } from '../../../src/format/numericInput';

describe('blockNonIntegerKeys', () => {
  test.each([
    ['e', true],
    ['E', true],
    ['.', true],
    ['+', true],
    ['-', false],
    ['0', false],
    ['9', false],
    ['Backspace', false],
    ['ArrowUp', false],
    ['Tab', false],
  ])('%j blocked: %s', (key, blocked) => {
    const preventDefault = vi.fn();
    expect(blockNonIntegerKeys({ key, preventDefault })).toBe(blocked);
    expect(preventDefault).toHaveBeenCalledTimes(blocked ? 1 : 0);
  });
});

describe('sanitizeIntegerPaste', () => {
  test.each([
    ['123', '123'],
    [' 42 ', '42'],
    ['-17', '-17'],
    ['1,234', '1234'],
    ['12.75', '12'],
    ['-3.9', '-3'],
    ['$100', '100'],
    ['1e5', '15'],
    ['abc', ''],
    ['-', ''],
    ['.5', ''],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(sanitizeIntegerPaste(text)).toBe(expected);
  });
});
