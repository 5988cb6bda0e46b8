import { DEFAULT_COOKIES, type CookieNames } from './api/storedTokens';
import { INLINE_CONFIG_ID } from './inlineConfigId';

/**
 * The runtime config (`/config.json`), read field by field.
 *
 * Boot needs this before anything else, on every page including /login, so it is checked by hand
 * rather than with zod: that keeps zod (about 10 KB gzip) out of the initial bundle; the API's
 * readers load it beside their first call. Each field is checked on its own: a wrong field falls
 * back to its default and is reported, so one typo in a deployment file never blanks the others.
 */

export type { CookieNames };

export interface SsoConfig {
  authority: string;
  clientId: string;
  scopes: string;
  /** Where the provider sends the browser back; the login page completes the sign-in there. */
  redirectPath: string;
}

export interface RuntimeConfig {
  /** Origin of the API; '' means the portal's own origin. */
  apiOrigin: string;
  /** Origin of the chat gateway; '' means the portal's own origin. */
  chatUrl: string;
  sso?: SsoConfig;
  sentryDsn?: string;
  environment: string;
  /** Allows the machine inspector in production builds. */
  inspector: boolean;
  cookies: CookieNames;
}

/** A same-origin path: one leading slash, not `//host` or `/\host` (no open redirect). */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads one field: absent gives the fallback silently; present but wrong gives it with a report. */
function field<T>(from: Fields, path: string, key: string, accepts: (value: unknown) => value is T, fallback: T): T {
  const value = from[key];
  if (value === undefined) return fallback;
  if (accepts(value)) return value;
  console.warn(`config.json: ${path}${key} is ${JSON.stringify(value)}, which is not valid; using ${JSON.stringify(fallback)}`);
  return fallback;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isSamePath = (value: unknown): value is string => isString(value) && SAME_ORIGIN_PATH.test(value);

function readCookies(raw: unknown): CookieNames {
  if (raw === undefined) return { ...DEFAULT_COOKIES };
  const from = isFields(raw) ? raw : {};
  if (!isFields(raw)) console.warn('config.json: cookies is not an object; using the default cookie names');
  const names = { ...DEFAULT_COOKIES };
  for (const key of Object.keys(DEFAULT_COOKIES) as Array<keyof CookieNames>) names[key] = field(from, 'cookies.', key, isString, DEFAULT_COOKIES[key]);
  return names;
}

function readSso(raw: unknown): SsoConfig | undefined {
  if (raw === undefined) return undefined;
  if (!isFields(raw) || !isString(raw.authority) || !isString(raw.clientId)) {
    console.warn('config.json: sso needs "authority" and "clientId" strings; single sign-on is off');
    return undefined;
  }
  return {
    authority: raw.authority,
    clientId: raw.clientId,
    scopes: field(raw, 'sso.', 'scopes', isString, 'openid profile email'),
    redirectPath: field(raw, 'sso.', 'redirectPath', isSamePath, '/login'),
  };
}

/** Build-time defaults (`VITE_*`), overridden by `/config.json` so one `dist/` serves any backend. */
function buildTimeDefaults(): Fields {
  const env = import.meta.env;
  const defaults: Fields = {};
  if (env.VITE_API_ORIGIN) defaults.apiOrigin = env.VITE_API_ORIGIN;
  if (env.VITE_CHAT_URL) defaults.chatUrl = env.VITE_CHAT_URL;
  if (env.VITE_SENTRY_DSN) defaults.sentryDsn = env.VITE_SENTRY_DSN;
  return defaults;
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (raw !== undefined && raw !== null && !isFields(raw)) console.warn('config.json is not a JSON object; using the defaults');
  const from: Fields = { ...buildTimeDefaults(), ...(isFields(raw) ? raw : {}) };
  const sso = readSso(from.sso);
  const sentryDsn = field<string | undefined>(from, '', 'sentryDsn', isString, undefined);
  return {
    apiOrigin: field(from, '', 'apiOrigin', isString, ''),
    chatUrl: field(from, '', 'chatUrl', isString, ''),
    ...(sso ? { sso } : {}),
    ...(sentryDsn === undefined ? {} : { sentryDsn }),
    environment: field(from, '', 'environment', isString, 'production'),
    inspector: field(from, '', 'inspector', isBoolean, false),
    cookies: readCookies(from.cookies),
  };
}

/** The config the page carries, or undefined (none, or not JSON: then /config.json is asked). */
export function inlineRuntimeConfig(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): unknown {
  const text = doc?.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The config, from the page when its server put it there (the reference server does: boot then
 * starts without waiting for a request), else from /config.json (any static host of the build).
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, doc?: Pick<Document, 'getElementById'>): Promise<RuntimeConfig> {
  const inline = inlineRuntimeConfig(doc);
  if (inline !== undefined) return parseRuntimeConfig(inline);
  try {
    // Default cache mode, so the response preloaded by index.html is the one used (the server sends no-cache).
    const response = await fetchImpl('/config.json', { credentials: 'same-origin' });
    return parseRuntimeConfig(response.ok ? await response.json() : {});
  } catch {
    return parseRuntimeConfig({});
  }
}
