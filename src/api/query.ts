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

export function withQuery(url: string, query: Query | undefined): string {
  const serialized = query ? serializeQuery(query) : '';
  if (!serialized) return url;
  return url + (url.includes('?') ? '&' : '?') + serialized;
}
