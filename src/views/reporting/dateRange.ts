/** `from`/`to` of the URL (YYYY-MM-DD), only when well-formed: a bad URL must not reach the API. */
export function rangeFrom(params: URLSearchParams): { from?: string; to?: string } {
  const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  const range: { from?: string; to?: string } = {};
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  if (from) range.from = from;
  if (to) range.to = to;
  return range;
}

/** The URL with some keys replaced (empty values removed); other keys are kept. */
export function withParams(path: string, params: URLSearchParams, changes: Record<string, string | readonly string[] | undefined>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (Array.isArray(value)) value.forEach((v) => next.append(key, v));
    else if (typeof value === 'string' && value !== '') next.set(key, value);
  }
  const text = next.toString();
  return text ? `${path}?${text}` : path;
}
