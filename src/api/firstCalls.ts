/**
 * What a server and the portal agree on for a page's first answers (docs/first-answers.md): the
 * element that carries them, what it holds, the session read's calls, and when two GETs are the
 * same. Pure and without the DOM: the reference server imports it (server/http/firstAnswers.ts);
 * the portal reads the element with api/pageAnswers.ts.
 */

/** The session read's two GETs under `/api` (api/auth.ts fetchSession). */
export const SESSION_READ_PATHS = { user: '/v1/users/auth', permissions: '/v1/user/permissions' } as const;

/**
 * The account filter's accounts (api/auth.ts fetchAccounts), which the shell asks for with the
 * page's first call for a user who sees every account (machines/route.ts `needAccounts`).
 */
export const ACCOUNTS_CALL = { path: '/v1/accounts/', query: { show: 100, page: 1 } } as const;

/**
 * The user's settings (api/account.ts fetchSettings: time zone, theme, saved list views), which
 * boot reads with every signed-in page's first calls (machines/areas/shell.ts preferencesRead).
 */
export const SETTINGS_CALL = { path: '/v1/user/settings' } as const;

/** The element's id: `<script type="application/json" id="portal-first-answers">`. */
export const PAGE_ANSWERS_ID = 'portal-first-answers';

/** What the element holds: GETs the server answered 200 for this page's own session. */
export interface PageAnswersPayload {
  answers: Array<{ url: string; body: unknown }>;
}

/**
 * One key for equal GETs however they were written: the path and the query's parameters sorted
 * (`/api/v1/contacts/?show=100&page=1` = `…?page=1&show=100`). Null for a URL on another origin
 * than `base`'s: the page's server answered only for itself.
 */
export function answerKey(url: string, base: string): string | null {
  try {
    const parsed = new URL(url, base);
    if (parsed.origin !== new URL(base).origin) return null;
    const params = [...parsed.searchParams].sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)));
    const query = new URLSearchParams(params).toString();
    return parsed.pathname + (query ? `?${query}` : '');
  } catch {
    return null;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

