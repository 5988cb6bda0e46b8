/**
 * "Nice" axis ticks (1, 2, 2.5 or 5 times a power of ten) from zero to at least `max`, so
 * gridlines fall on round numbers people can read, never on an arbitrary maximum.
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  // Bounded: at most count + 1 steps reach max.
  for (let value = 0; ticks.length <= count + 1; value += step) {
    ticks.push(Number(value.toPrecision(12)));
    if (value >= max) break;
  }
  return ticks;
}

/** One sentence a screen reader announces for the chart picture (the table has every figure). */
export function chartSummary(title: string, data: ReadonlyArray<{ label: string; value: number }>, format: (n: number) => string): string {
  if (data.length === 0) return `${title}: no data.`;
  const peak = data.reduce((best, d) => (d.value > best.value ? d : best));
  return `${title}: ${data.length} bars from ${data[0]!.label} to ${data[data.length - 1]!.label}; highest ${format(peak.value)} (${peak.label}).`;
}
