// SPEC §9: a transcript time h:m:s becomes seconds with 2 decimals.

const WHOLE = /^\d+$/;
const SECONDS = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * `'h:m:s'`, `'m:s'` or `'s'` (only the seconds part may be fractional) → seconds as a string with
 * 2 decimals: `'0:01:05.5'` → `'65.50'`. Anything else (empty, negative, extra parts) → `'0.00'`.
 */
export function transcriptTimeToSeconds(time: string): string {
  const parts = time.trim().split(':');
  if (parts.length > 3) return '0.00';
  const secondsPart = parts.pop() ?? '';
  if (!SECONDS.test(secondsPart) || !parts.every((p) => WHOLE.test(p))) return '0.00';
  const total = parts.reduce((acc, p) => acc * 60 + Number(p), 0) * 60 + Number(secondsPart);
  return Number.isFinite(total) ? total.toFixed(2) : '0.00';
}
