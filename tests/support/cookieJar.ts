/**
 * A tiny cookie jar for tests that talk to the reference API over real HTTP with Node's fetch
 * (which keeps no cookies). One host, path "/" cookies: all the API sets.
 */
export interface StoredCookie {
  name: string;
  /** Raw (still URL-encoded) value, as the browser would send it back. */
  value: string;
  attributes: Map<string, string | true>;
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** Applies every Set-Cookie of a response (Max-Age<=0 or a past Expires deletes). */
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...rest] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const attributes = new Map<string, string | true>();
      for (const part of rest) {
        const [key = '', ...v] = part.split('=');
        attributes.set(key.trim().toLowerCase(), v.length ? v.join('=').trim() : true);
      }
      const maxAge = attributes.get('max-age');
      const expires = attributes.get('expires');
      const expired =
        (typeof maxAge === 'string' && Number(maxAge) <= 0) || (typeof expires === 'string' && Date.parse(expires) <= Date.now());
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, { name, value, attributes });
    }
  }

  get(name: string): StoredCookie | undefined {
    return this.cookies.get(name);
  }

  /** The URL-decoded value, what a client script reads from document.cookie and decodes. */
  decoded(name: string): string | undefined {
    const cookie = this.cookies.get(name);
    return cookie && decodeURIComponent(cookie.value);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  header(): string {
    return [...this.cookies.values()].map((c) => `${c.name}=${c.value}`).join('; ');
  }
}

export interface JarRequest {
  method?: string;
  json?: unknown;
  headers?: Record<string, string>;
  /** Send X-XSRF-TOKEN from the jar's XSRF-TOKEN cookie, as axios/redaxios do (default true). */
  xsrf?: boolean;
}

/**
 * fetch bound to a jar: sends the jar's cookies, stores what comes back, and by default echoes
 * the XSRF cookie like the portal's HTTP client. `url` may be a path (joined to `origin`) or an
 * absolute URL (pagination links).
 */
export function jarFetch(origin: string, jar = new CookieJar()) {
  const request = async (url: string, init: JarRequest = {}): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    const cookie = jar.header();
    if (cookie) headers.Cookie = cookie;
    const xsrf = jar.decoded('XSRF-TOKEN');
    if ((init.xsrf ?? true) && xsrf !== undefined) headers['X-XSRF-TOKEN'] = xsrf;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(new URL(url, origin), { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    jar.store(response);
    return response;
  };
  return Object.assign(request, { jar });
}
