import { describe, expect, test } from 'vitest';
import { chartSummary, niceTicks } from '../../src/views/reporting/charts/scale';

describe('chart scale', () => {
  test('ticks fall on round numbers from zero past the maximum', () => {
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(1234)).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(niceTicks(0.9)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  test('an empty or zero series still has an axis', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });

  test('the summary names the range and the peak', () => {
    expect(chartSummary('Grades', [{ label: 'A', value: 3 }, { label: 'F', value: 9 }], String)).toBe('Grades: 2 bars from A to F; highest 9 (F).');
    expect(chartSummary('Grades', [], String)).toBe('Grades: no data.');
  });
});
