export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;

/**
 * Laravel's query shape: arrays as `key[]=a&key[]=b` (URLSearchParams would send `key=a,b`),
 * empty values left out so a cleared filter disappears from the URL.
 */
export function serializeQuery(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(`${key}[]`, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  return params.toString();
}

/**
 * `url` with `query` added. Parameters the URL already carries win: a pagination link keeps every
 * parameter it has (its page, the server's own filters), and gains the current ones it lacks
 * (Laravel's `paginate()` drops the query string unless the backend calls `withQueryString()`).
 */
export function withQuery(url: string, query: Query | undefined): string {
  const serialized = query ? serializeQuery(query) : '';
  if (!serialized) return url;
  const queryStart = url.indexOf('?');
  const carried = new Set(queryStart === -1 ? [] : [...new URLSearchParams(url.slice(queryStart + 1).split('#')[0]).keys()]);
  const added = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(serialized)) if (!carried.has(key)) added.append(key, value);
  const extra = added.toString();
  if (!extra) return url;
  return url + (queryStart === -1 ? '?' : url.endsWith('?') || url.endsWith('&') ? '' : '&') + extra;
}
