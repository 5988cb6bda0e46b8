// Number format of SPEC §9: up to 2 decimals (trailing zeros dropped), with thousands separators.

// Made on first use: a formatter costs milliseconds to build, and most pages show no number.
let numberFormat: Intl.NumberFormat | undefined;

/** `1234.5` → `1,234.5`, `2` → `2`, `1/3` → `0.33`, non-finite → `—`. */
export function formatNumber(n: number): string {
  return Number.isFinite(n) ? (numberFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'negative' })).format(n) : '—';
}
