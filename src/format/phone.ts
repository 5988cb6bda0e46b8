// Phone display rules of SPEC §5.

/** The digits of a phone number, every other character dropped. */
export function phoneDigits(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\D/g, '');
}

/**
 * Primary phone display: 10 digits → `(xxx) xxx-xxxx`; more than 10 → the extra leading digits
 * become a `+country` prefix; none → `Not Provided`; fewer than 10 → `Invalid phone number`.
 */
export function formatPhone(raw: string | null | undefined): string {
  const digits = phoneDigits(raw);
  if (digits.length === 0) return 'Not Provided';
  if (digits.length < 10) return 'Invalid phone number';
  const national = digits.slice(-10);
  const formatted = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  const prefix = digits.slice(0, -10);
  return prefix ? `+${prefix} ${formatted}` : formatted;
}

/**
 * The "elsewhere" display of SPEC §5: two digits, three in brackets, three, four
 * (`447911123456` → `44 (791) 112 3456`). That pattern only fits exactly 12 digits, so any other
 * length is returned as its bare digits rather than forced into a misleading grouping.
 */
export function formatPhoneGrouped(raw: string | null | undefined): string {
  const digits = phoneDigits(raw);
  if (digits.length !== 12) return digits;
  return `${digits.slice(0, 2)} (${digits.slice(2, 5)}) ${digits.slice(5, 8)} ${digits.slice(8)}`;
}
