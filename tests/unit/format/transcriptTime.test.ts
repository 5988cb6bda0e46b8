import { expect, test } from 'vitest';
import { transcriptTimeToSeconds } from '../../../src/format/transcriptTime';

test.each([
  ['0:01:05.5', '65.50'],
  ['1:00:00', '3600.00'],
  ['01:02:03', '3723.00'],
  ['2:03', '123.00'],
  ['0:00', '0.00'],
  ['42', '42.00'],
  ['7.125', '7.13'],
  ['.5', '0.50'],
  ['1:02:03.456', '3723.46'],
  [' 1:05 ', '65.00'],
  ['0:90', '90.00'], // minutes/seconds beyond 59 are still counted
  ['', '0.00'],
  ['abc', '0.00'],
  ['1:2:3:4', '0.00'],
  ['1.5:00', '0.00'], // only the seconds part may be fractional
  ['-1:00', '0.00'],
  ['1::00', '0.00'],
  ['1:', '0.00'],
  ['1:2e3', '0.00'],
])('%j → %s', (input, expected) => {
  expect(transcriptTimeToSeconds(input)).toBe(expected);
});
