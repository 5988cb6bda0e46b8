/** Keys whose values never leave the browser in an error event or breadcrumb. */
// `msg` and `transcript` are chat text; `message` stays: it is the error's own description.
const SECRET_KEY = /pass(word)?|token|secret|authorization|cookie|email|^msg$|transcript|credentials/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;

/** Deep copy with secrets replaced: passwords, tokens, emails, chat text (NOTES §Security). */
export function scrub<T>(value: T, depth = 0): T {
  if (depth > 8) return '[depth]' as T;
  if (typeof value === 'string') return value.replace(EMAIL, '[email]') as T;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) && typeof item !== 'object' ? '[redacted]' : scrub(item, depth + 1);
    }
    return out as T;
  }
  return value;
}
