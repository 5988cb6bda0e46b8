/**
 * What a browser tells its server about how it draws a page, so the server can draw a signed-in
 * page's first screen the same way (docs/first-screen.md): the browser's time zone (what every
 * displayed time uses when the user's settings name none) and whether the account filter has an
 * account chosen (kept in this browser's localStorage, which a server cannot read: the page's
 * first answers are those of "All accounts", so a server draws nothing for another choice).
 *
 * One cookie, `portal_view`, written by the portal at boot and when the filter changes
 * (machines/effects.ts `writeFirstScreenHints`); read by a server. Pure: no DOM. Nothing secret: a time zone name and an account id the user chose.
 */
import type { Permissions } from './api/schemas/permissions';
import type { PageAnswersPayload } from './api/firstCalls';

export const FIRST_SCREEN_HINTS_COOKIE = 'portal_view';

/**
 * On `#root`, the time zone a server drew the page's first screen in (src/serverRender.tsx): the
 * browser adopts the drawing only when it is its own (src/main.tsx).
 */
export const SERVER_DRAWN_ATTRIBUTE = 'data-drawn-for-time-zone';

export interface FirstScreenHints {
  /** An IANA time zone name the runtime knows (`Europe/Paris`). */
  timeZone: string;
  /** The account filter's chosen account, or null for "All accounts". */
  accountId: string | null;
}

/** Longer than any IANA name or account id: anything longer is not ours. */
const MAX_FIELD_LENGTH = 64;

/** `timeZone` when this runtime knows it, else null (a made-up or hostile name never reaches a formatter). */
export function knownTimeZone(timeZone: unknown): string | null {
  if (typeof timeZone !== 'string' || timeZone === '' || timeZone.length > MAX_FIELD_LENGTH) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The hints in the cookie's value, or null when there are none or they do not read. */
export function readFirstScreenHints(value: string | null | undefined): FirstScreenHints | null {
  if (typeof value !== 'string' || value.length > 4 * MAX_FIELD_LENGTH) return null;
  const fields = new URLSearchParams(value);
  const timeZone = knownTimeZone(fields.get('tz'));
  const account = fields.get('account') ?? '';
  if (timeZone === null || account.length > MAX_FIELD_LENGTH) return null;
  return { timeZone, accountId: account === '' ? null : account };
}

/** The cookie's value for these hints. */
export function firstScreenHintsValue({ timeZone, accountId }: FirstScreenHints): string {
  return new URLSearchParams({ tz: timeZone, account: accountId ?? '' }).toString();
}

/** The time zone this runtime shows times in when the user's settings name none. */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A page's first screen as a server drew it (src/serverRender.tsx). */
export interface ServerDrawing {
  /** `#root`'s content. */
  html: string;
  /** The user's theme colour as CSS variables (`--theme-color`: `#4f46e5`, …), for `#root` until the portal sets them on <html>. */
  themeVars: Record<string, string>;
}

/**
 * The lookups of names a list page's first screen makes (src/firstListLookups.ts):
 * from the page's URL, the user's permissions (read with api/sessionReaders.ts), the list's answer
 * and the account filter's (null when the page has none), the GETs (under `/api`, with their
 * query) a server adds to its first answers. [] for any other page, or an answer it cannot read.
 */
export type FirstListLookups = (pageUrl: string, permissions: Permissions | null, list: unknown, accounts: unknown) => string[];

/** What a server hands the portal's server bundle to draw a page (src/serverRender.tsx). */
export interface ServerRenderInput {
  /** The page's absolute URL (its origin is the answers' base). */
  url: string;
  /** The runtime config the page carries (config.json's content). */
  config: unknown;
  answers: PageAnswersPayload;
  /** The browser's time zone, for times the user's settings do not place. */
  timeZone: string;
  /** Past this, nothing is drawn (the page is sent without a drawing). */
  timeoutMs: number;
}
