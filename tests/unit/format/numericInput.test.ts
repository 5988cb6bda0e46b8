import { describe, expect, test } from 'vitest';
import { acceptsNumericText, refusesNumericKey, sanitizeNumericPaste } from '../../../src/format/numericInput';

describe('refusesNumericKey (SPEC §5)', () => {
  test.each([
    ['e', true, true],
    ['E', true, true],
    ['.', true, false],
    ['+', true, true],
    ['-', true, true],
    ['x', true, true],
    [',', true, true],
    [' ', true, true],
    ['0', false, false],
    ['9', false, false],
    ['Backspace', false, false],
    ['ArrowUp', false, false],
    ['Tab', false, false],
  ])('%j refused: whole %s, decimal %s', (key, whole, decimal) => {
    expect(refusesNumericKey({ key })).toBe(whole);
    expect(refusesNumericKey({ key }, { decimal: true })).toBe(decimal);
  });

  test('shortcuts pass (Ctrl+V, Cmd+A)', () => {
    expect(refusesNumericKey({ key: 'v', ctrlKey: true })).toBe(false);
    expect(refusesNumericKey({ key: 'a', metaKey: true })).toBe(false);
  });
});

describe('sanitizeNumericPaste', () => {
  test.each([
    ['123', '123', '123'],
    [' 42 ', '42', '42'],
    ['1,234', '1234', '1234'],
    ['$100', '100', '100'],
    ['2.75', null, '2.75'],
    ['.5', null, '.5'],
    ['2e3', null, null],
    ['1E5', null, null],
    ['-17', null, null],
    ['+3', null, null],
    ['15x', null, null],
    ['1.2.3', null, null],
    ['abc', null, null],
    ['', null, null],
  ])('%j → whole %j, decimal %j', (text, whole, decimal) => {
    expect(sanitizeNumericPaste(text)).toBe(whole);
    expect(sanitizeNumericPaste(text, { decimal: true })).toBe(decimal);
  });
});

describe('acceptsNumericText', () => {
  test.each([
    ['', true, true],
    ['15', true, true],
    ['15x', false, false],
    ['3.', false, true],
    ['0.25', false, true],
    ['1e3', false, false],
    ['-1', false, false],
  ])('%j accepted: whole %s, decimal %s', (text, whole, decimal) => {
    expect(acceptsNumericText(text)).toBe(whole);
    expect(acceptsNumericText(text, { decimal: true })).toBe(decimal);
  });
});
