/** What a redacted value reads as in the log, the context tree and saved walks. */
export const REDACTED = '[redacted]';

// Secrets never leave the page through the inspector: not on screen, not in a saved walk.
const SECRET_KEY = /pass(word)?|token|secret|authori[sz]ation|cookie|csrf|xsrf|api[-_]?key/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A JSON-safe copy with secret values replaced; cycles and functions cannot break it. */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function') return '[function]';
    if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
    return value;
  }
  if (seen.has(value) || depth > 12) return '[…]';
  seen.add(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return { name: value.name, message: value.message };
  // Actor references in context are shown by name, not expanded.
  if ('sessionId' in value && 'send' in value) return `[actor ${String((value as { id?: unknown }).id)}]`;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) && item !== null && item !== undefined && item !== '' ? REDACTED : redact(item, depth + 1, seen);
  }
  return out;
}

/** Dotted paths of the redacted values in `value` (e.g. `credentials.password`). */
export function redactedPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === REDACTED) return [prefix];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => redactedPaths(item, [...prefix, key]));
}

export function setPath(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const base = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return Array.isArray(base)
    ? base.map((item, i) => (String(i) === head ? setPath(item, rest, replacement) : item))
    : { ...base, [head]: setPath(base[head], rest, replacement) };
}
