// SPEC §5: numeric inputs block the characters e and the decimal point.

/**
 * Keys an integer field refuses. `<input type="number">` accepts `e`/`E` and `+` for exponents and
 * `.` for decimals; none belongs in an integer. `-` stays allowed for negative values.
 */
export const BLOCKED_INTEGER_KEYS: ReadonlySet<string> = new Set(['e', 'E', '.', '+']);

/** keydown handler: prevents a blocked key; returns whether it did. */
export function blockNonIntegerKeys(event: { key: string; preventDefault(): void }): boolean {
  if (!BLOCKED_INTEGER_KEYS.has(event.key)) return false;
  event.preventDefault();
  return true;
}

/**
 * Pasted text reduced to an integer string: the part before any decimal point (so `12.75` → `12`
 * rather than a silent `1275`), other non-digits dropped (`1,234` → `1234`), a leading `-` kept.
 * No digits → `''`.
 */
export function sanitizeIntegerPaste(text: string): string {
  const trimmed = text.trim();
  const digits = (trimmed.split('.')[0] ?? '').replace(/\D/g, '');
  if (digits === '') return '';
  return trimmed.startsWith('-') ? `-${digits}` : digits;
}
