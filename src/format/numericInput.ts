// SPEC §5: numeric inputs block the characters e and the decimal point.

/** A whole-number field, or an explicit decimal one (which still refuses `e`, `+` and `-`). */
export interface NumericRules {
  decimal?: boolean;
}

const WHOLE = /^\d*$/;
const DECIMAL = /^\d*(\.\d*)?$/;

/** Whether `text` may stand in the field as typed so far (`''` and, for decimals, `3.` included). */
export function acceptsNumericText(text: string, rules: NumericRules = {}): boolean {
  return (rules.decimal ? DECIMAL : WHOLE).test(text);
}

/**
 * Whether a keydown is refused: a printed character other than a digit (and, in a decimal field,
 * the point). `e`/`E`/`+`/`-`/`.` included; navigation, editing keys and shortcuts pass.
 */
export function refusesNumericKey(event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }, rules: NumericRules = {}): boolean {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (/\d/.test(event.key)) return false;
  return !(rules.decimal && event.key === '.');
}

/**
 * Pasted text as the field would hold it, or null when it is refused. Spaces, thousands commas
 * and a leading `$` are dropped (`1,234` → `1234`); anything else that is not the number itself
 * refuses the paste rather than guessing: `2.75` in a whole-number field, `2e3` (which used to
 * become `23`), `-4`, `15x`.
 */
export function sanitizeNumericPaste(text: string, rules: NumericRules = {}): string | null {
  const bare = text.trim().replace(/^\$/, '').replace(/[\s,]/g, '');
  if (bare === '') return null;
  return acceptsNumericText(bare, rules) ? bare : null;
}
