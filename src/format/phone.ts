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
 * The "elsewhere" display of SPEC §5 (numbers shown outside the §5 cases; docs/phone-formats.md
 * says where): two digits, three in brackets, three, four (`447911123456` → `44 (791) 112 3456`).
 * That pattern fits exactly 12 digits; a number of any other length gets the §5 display instead,
 * rather than a grouping that would misread it (or bare digits).
 */
export function formatPhoneElsewhere(raw: string | null | undefined): string {
  const digits = phoneDigits(raw);
  if (digits.length !== 12) return formatPhone(raw);
  return `${digits.slice(0, 2)} (${digits.slice(2, 5)}) ${digits.slice(5, 8)} ${digits.slice(8)}`;
}
