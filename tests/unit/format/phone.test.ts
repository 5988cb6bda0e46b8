import { describe, expect, test } from 'vitest';
import { formatPhone, formatPhoneElsewhere, phoneDigits } from '../../../src/format/phone';

describe('formatPhone', () => {
  test.each([
    ['10 digits', '5551234567', '(555) 123-4567'],
    ['10 digits with punctuation', '(555) 123-4567', '(555) 123-4567'],
    ['11 digits get +1', '15551234567', '+1 (555) 123-4567'],
    ['11 digits with + and spaces', '+1 555 123 4567', '+1 (555) 123-4567'],
    ['12 digits get two-digit prefix', '447911123456', '+44 (791) 112-3456'],
    ['13 digits get three-digit prefix', '3531234567890', '+353 (123) 456-7890'],
    ['empty string', '', 'Not Provided'],
    ['only punctuation', ' - ', 'Not Provided'],
    ['null', null, 'Not Provided'],
    ['undefined', undefined, 'Not Provided'],
    ['9 digits', '555123456', 'Invalid phone number'],
    ['1 digit', '5', 'Invalid phone number'],
  ])('%s', (_name, raw, expected) => {
    expect(formatPhone(raw)).toBe(expected);
  });
});

describe('formatPhoneElsewhere (SPEC §5 "elsewhere": two digits, three in brackets, three, four)', () => {
  test.each([
    ['12 digits', '447911123456', '44 (791) 112 3456'],
    ['12 digits with punctuation', '+44 7911 123456', '44 (791) 112 3456'],
    // Any other length cannot take the pattern: the §5 display, never bare digits.
    ['10 digits', '5551234567', '(555) 123-4567'],
    ['11 digits', '15551234567', '+1 (555) 123-4567'],
    ['13 digits', '4479111234567', '+447 (911) 123-4567'],
    ['fewer than 10', '555123', 'Invalid phone number'],
    ['empty', '', 'Not Provided'],
    ['null', null, 'Not Provided'],
  ])('%s', (_name, raw, expected) => {
    expect(formatPhoneElsewhere(raw)).toBe(expected);
  });
});

describe('phoneDigits', () => {
  test.each([
    ['+1 (555) 123-4567', '15551234567'],
    ['abc', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (raw, expected) => {
    expect(phoneDigits(raw)).toBe(expected);
  });
});
