import redaxios from 'redaxios';
import type { RuntimeConfig } from '../config';
import { currentCookies, readCookie } from './cookies';
import type { DownloadProgress } from './download';
import { ApiError, DEFAULT_ERROR_TEXT, apiErrorFromResponse } from './errors';
import type { PageAnswers } from './pageAnswers';
import { storedTokenHeaders } from './storedTokens';
import { withQuery, type Query } from './query';

/** SPEC §5: this 403 message means "verify your email first", not "forbidden". */
export const UNVERIFIED_MESSAGE = 'Your email address is not verified.';

/** What the transport needs from the rest of the system, looked up at call time. */
export interface SessionHooks {
  accountId(): string | null;
  isSignedIn(): boolean;
  /** 401 or 419 while signed in. */
  sessionExpired(): void;
  /** 403 with UNVERIFIED_MESSAGE. */
  unverified(): void;
  /** Any other 403 on a read: the portal shows the forbidden page. */
  forbidden(): void;
}

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The token-exchange call must not send the stored tokens (SPEC §7). */
  withoutStoredTokens?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  /** A 403 this call expects and handles itself (e.g. an expired signed link): no forbidden page. */
  handlesForbidden?: boolean;
  /** Told how much of the response body arrived (large downloads). */
  onProgress?: (progress: DownloadProgress) => void;
}

export interface HttpResponse {
  status: number;
  data: unknown;
  headers: Headers;
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface HttpClient {
  request(method: Method, path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse>;
  get(path: string, options?: RequestOptions): Promise<HttpResponse>;
  post(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse>;
  put(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse>;
  patch(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse>;
  delete(path: string, options?: RequestOptions): Promise<HttpResponse>;
}

export interface Http {
  /** Calls under `/api` (SPEC: "most calls"). */
  api: HttpClient;
  /** Calls at the host root: Sanctum and Fortify (`/sanctum/csrf-cookie`, `/login`, …). */
  root: HttpClient;
  /** A path, or an absolute URL on the API's origin: a call the session and its tokens may go to. */
  isApiUrl(url: string): boolean;
  setHooks(hooks: SessionHooks): void;
}

const passiveHooks: SessionHooks = {
  accountId: () => null,
  isSignedIn: () => false,
  sessionExpired: () => {},
  unverified: () => {},
  forbidden: () => {},
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Paths get the client's base. Absolute URLs (pagination links) are requested as given when they
 * point at our API's origin; a link to any other origin (a backend behind a proxy that believes
 * it is `http://localhost`) is read as a path on our origin: the session's credentials and tokens
 * never go to a host the configuration did not name.
 */
function resolveUrl(base: string, origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) {
    const ours = originOf(origin);
    const url = new URL(path);
    return !ours || url.origin === ours ? path : `${origin}${url.pathname}${url.search}`;
  }
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The origin the configuration names ('' = the page's own), or null where there is none. */
function originOf(configured: string): string | null {
  try {
    return new URL(configured || globalThis.location?.href || '').origin;
  } catch {
    return null;
  }
}

export interface HttpOptions {
  /** The answers the page carried (api/pageAnswers.ts): a GET equal to one of them is answered from it, once. */
  pageAnswers?: PageAnswers;
}

/** What every request carries, whatever the cookies hold. */
const PLAIN_HEADERS: Readonly<Record<string, string>> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

export function createHttp(config: Pick<RuntimeConfig, 'apiOrigin' | 'cookies'>, fetchImpl: typeof fetch = (...args) => fetch(...args), { pageAnswers }: HttpOptions = {}): Http {
  let hooks = passiveHooks;
  let hooked = false;
  /**
   * What a failure answered before the system set its hooks (boot's early session read,
   * src/bootEarly.ts) has to tell it: told once it does, in order. Bounded: a client that is never
   * hooked (a test's, a script's) keeps the first few and drops the rest.
   */
  const untold: Array<(hooks: SessionHooks) => void> = [];
  const tell = (run: (hooks: SessionHooks) => void) => {
    if (hooked) run(hooks);
    else if (untold.length < 8) untold.push(run);
  };
  const origin = config.apiOrigin.replace(/\/$/, '');
  const cookies = config.cookies;

  /**
   * What a request carries from the cookies (the XSRF token of a write, stored tokens). Read only
   * for a request that goes to the network: each read of `document.cookie` asks the browser
   * process, and a page's first calls are answered from the page itself.
   */
  function credentialHeaders(method: Method, options: RequestOptions): Record<string, string> {
    const jar = currentCookies();
    const headers: Record<string, string> = {};
    if (method !== 'get') {
      const xsrf = readCookie(cookies.xsrf, jar);
      if (xsrf) headers['x-xsrf-token'] = xsrf;
    }
    const tokens = options.withoutStoredTokens ? {} : storedTokenHeaders(cookies, (name) => readCookie(name, jar));
    return { ...headers, ...tokens };
  }

  function scopeToAccount(method: Method, body: unknown, query: Query | undefined): { body: unknown; query: Query | undefined } {
    const accountId = hooks.accountId();
    if (!accountId) return { body, query };
    // An account the call names itself (a create form's Account, a picker scoped to the record's
    // account) wins over the filter's; the API still checks the caller may use it.
    if (method === 'get') return { body, query: { ...query, account_id: query?.account_id ?? accountId } };
    if (method === 'post' && (body === undefined || isPlainObject(body))) {
      const named = (body as Record<string, unknown> | undefined)?.account_id;
      return { body: { ...(body ?? {}), account_id: named ?? accountId }, query };
    }
    // A multipart POST (the bot import) is a POST body too: a copy with the filter's account_id.
    if (method === 'post' && typeof FormData !== 'undefined' && body instanceof FormData && !body.has('account_id')) {
      const scoped = new FormData();
      for (const [name, value] of body.entries()) scoped.append(name, value);
      scoped.append('account_id', accountId);
      return { body: scoped, query };
    }
    return { body, query };
  }

  function handleFailure(method: Method, status: number, data: unknown, options: RequestOptions): ApiError {
    const error = apiErrorFromResponse(status, data);
    tell((hooks) => {
      if ((status === 401 || status === 419) && hooks.isSignedIn()) hooks.sessionExpired();
      else if (status === 403 && error.serverMessage === UNVERIFIED_MESSAGE) hooks.unverified();
      else if (status === 403 && method === 'get' && !options.handlesForbidden) hooks.forbidden();
    });
    return error;
  }

  function client(base: string): HttpClient {
    async function request(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<HttpResponse> {
      const scoped = scopeToAccount(method, body, options.query);
      const url = withQuery(resolveUrl(base, origin, path), scoped.query);
      const signal = options.signal;
      // Any write may change what the page's answers said: from now on every GET asks the network.
      if (method !== 'get') pageAnswers?.clear();
      // The page's answer as the network would have given it (redaxios's own reading: JSON when it
      // parses, else the text); the same readers follow. Taken before redaxios, which reads
      // `document.cookie` for every request it sends.
      const carried = method === 'get' && !options.onProgress && !options.headers && options.responseType !== 'blob' ? pageAnswers?.take(url) : undefined;
      if (carried !== undefined) {
        signal?.throwIfAborted();
        return { status: 200, data: parsedOr(carried, carried), headers: new Headers({ 'content-type': 'application/json' }) };
      }
      try {
        const response = await redaxios.request(url, {
          method,
          data: scoped.body,
          headers: { ...PLAIN_HEADERS, ...options.headers },
          withCredentials: true,
          responseType: options.responseType === 'blob' ? 'blob' : 'text',
          // redaxios has no abort support of its own: the signal goes straight to fetch.
          fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
            // A redirected write is re-sent by the browser as a GET: it must fail, never pass
            // as a success (Apache's trailing-slash 301 on `POST /api/v1/roles/`).
            // The caller's own headers (in init, with the plain ones) win over the cookies', as before.
            const headers = { ...credentialHeaders(method, options), ...(init?.headers as Record<string, string> | undefined) };
            const answer = await fetchImpl(input, { ...init, headers, signal, ...(method === 'get' ? {} : { redirect: 'manual' as const }) });
            if (method !== 'get' && isRedirect(answer)) throw new RedirectedWrite(answer);
            if (!options.onProgress) return answer;
            // Only exports report progress: its code loads with the first one, not with /login.
            const { withProgress } = await import('./download');
            return withProgress(answer, options.onProgress);
          },
        });
        // redaxios turns a body that failed half-way into `data`; after a cancel that is no answer.
        if (signal?.aborted) throw signal.reason ?? new DOMException('The request was aborted.', 'AbortError');
        return { status: response.status, data: response.data, headers: response.headers };
      } catch (failure) {
        if (signal?.aborted) throw failure;
        if (failure instanceof RedirectedWrite) {
          throw new ApiError({ status: failure.status, detail: DEFAULT_ERROR_TEXT, serverDetail: `${method.toUpperCase()} ${path} was answered with a redirect${failure.describe()}: the write did not reach the API.` });
        }
        if (failure && typeof failure === 'object' && 'status' in failure && typeof failure.status === 'number') {
          const data = (failure as { data?: unknown }).data;
          throw handleFailure(method, failure.status, typeof data === 'string' ? parsedOr(data, undefined) : data, options);
        }
        throw new ApiError({ status: 0, detail: DEFAULT_ERROR_TEXT });
      }
    }
    return {
      request,
      get: (path, options) => request('get', path, undefined, options),
      post: (path, body, options) => request('post', path, body, options),
      put: (path, body, options) => request('put', path, body, options),
      patch: (path, body, options) => request('patch', path, body, options),
      delete: (path, options) => request('delete', path, undefined, options),
    };
  }

  return {
    api: client(`${origin}/api`),
    root: client(origin),
    isApiUrl(url) {
      if (!/^https?:\/\//i.test(url)) return true;
      try {
        return new URL(url).origin === originOf(origin);
      } catch {
        return false;
      }
    },
    setHooks(next) {
      hooks = next;
      hooked = true;
      for (const run of untold.splice(0)) run(next);
    },
  };
}

function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || response.redirected || (response.status >= 300 && response.status < 400);
}

/** A write the server answered with a redirect (the browser hides where to when it is opaque). */
class RedirectedWrite extends Error {
  readonly status: number;
  readonly location: string | null;
  constructor(response: Response) {
    super('redirected write');
    this.status = response.status;
    this.location = response.headers.get('location');
  }
  describe(): string {
    const status = this.status ? ` (${this.status})` : '';
    return this.location ? `${status} to ${this.location.slice(0, 200)}` : status;
  }
}

/** A body's JSON, or `unreadable` when it is not JSON. */
function parsedOr(text: string, unreadable: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return unreadable;
  }
}
