/**
 * Percentiles of response latencies (issue 29), one definition for the portal and the reference
 * API: the nearest-rank value, i.e. the smallest value with at least p % of the values at or
 * below it (p50 of [1, 2, 3, 4] is 2, p90 is 4). Null for no values.
 */
export function nearestRank(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** Width of a latency histogram bucket (ms): rollups keep counts per bucket, not every value. */
export const LATENCY_BUCKET_MS = 10;

/**
 * The nearest-rank percentile of a histogram (`counts` by bucket index, each LATENCY_BUCKET_MS
 * wide), reported as the middle of the bucket it falls in: within 5 ms of the exact value.
 */
export function histogramRank(counts: ReadonlyMap<number, number>, p: number): number | null {
  let total = 0;
  for (const n of counts.values()) total += n;
  if (total === 0) return null;
  const rank = Math.min(total, Math.max(1, Math.ceil((p / 100) * total)));
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket) as number;
    if (seen >= rank) return bucket * LATENCY_BUCKET_MS + LATENCY_BUCKET_MS / 2;
  }
  return null;
}
