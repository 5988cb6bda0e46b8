// Money format of SPEC §9: $ with 2 decimals and thousands separators.

// Made on first use: a formatter costs milliseconds to build, and most pages show no amount.
// signDisplay 'negative' avoids "-$0.00" for -0 and for tiny negatives that round to zero.
let moneyFormat: Intl.NumberFormat | undefined;
const money = () =>
  (moneyFormat ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  }));

/** Shown when there is no meaningful amount (NaN, ±Infinity). */
export const NO_VALUE = '—';

/** `1234.5` → `$1,234.50`, `-1` → `-$1.00`, non-finite → `—`. */
export function formatMoney(n: number): string {
  return Number.isFinite(n) ? money().format(n) : NO_VALUE;
}
