import type http from 'node:http';
import type { Request } from 'express';
import { ACCOUNTS_CALL, PAGE_ANSWERS_ID, SETTINGS_CALL, SESSION_READ_PATHS, type PageAnswersPayload } from '../../src/api/firstCalls';
import { withQuery } from '../../src/api/query';
import { DEFAULT_COOKIES, storedTokenHeaders } from '../../src/api/storedTokens';
import { readPermissions } from '../../src/api/sessionReaders';
import { isGlobal } from '../../src/machines/permissions';
import { CLIENTS_SECTION, RESOURCE_SECTIONS } from '../../src/sections';
import { defaultSortOf } from '../../src/views/resources/defaultSorts';
import { listQuery, parseListState } from '../../src/views/resources/listState';
import { readCookie } from './cookies';
import { inProcessGet } from './inProcessGet';
import { requestUrl } from './site';
import type { ServerBundle } from './serverRender';
import { scriptSafeJson } from './inlineConfig';

/**
 * A signed-in page's first answers (docs/first-answers.md): the server runs the GETs the portal
 * sends first on this page, AS THE PAGE REQUEST'S OWN SESSION, through its own app (each GET
 * made in-process, inProcessGet.ts, carrying the page request's cookies, so authentication,
 * permissions and account scoping are exactly the API's), and writes the 200 answers into the
 * page. The portal's transport answers those GETs from the page instead of the network (src/api/pageAnswers.ts): two round
 * trips after boot (session read, then the page's call) become none.
 *
 * Bounded: at most five calls, FIRST_ANSWERS_TIMEOUT_MS for all of them (past it the page is
 * served without them), ANSWER_MAX_BYTES each. Anything not answered 200 with JSON is left out
 * (a user who may not browse the list gets no list answer; the portal then asks, as it would).
 */

export const FIRST_ANSWERS_TIMEOUT_MS = 300;
const ANSWER_MAX_BYTES = 512 * 1024;

/**
 * The pages that get answers: the signed-in landing and section pages whose route (src/routes.ts)
 * is the list or a record's page. Everything else (sign-in, public pages, not-found, reporting's
 * sub-pages, forms) gets none. tests/unit/firstAnswersRoutes.test.ts keeps this in step with the
 * portal's route table.
 */
const SESSION_ONLY_PAGES = new Set(['/dashboard', '/settings', '/chat', '/reporting']);

/** Record ids a section's `/{key}/{id}` pattern never sees: the table matches these paths to other pages first. */
const NOT_RECORD_IDS: Readonly<Record<string, readonly string[]>> = { users: ['verify-email', 'settings'] };

/**
 * The GETs (paths with their query, on the page's own origin) the portal sends first on this page,
 * built with the portal's own code: the session read's two, then the list's browse or the record's
 * read. [] for a page that gets none.
 */
export function firstCallsOf(pagePath: string, search: string): string[] {
  const session = [`/api${SESSION_READ_PATHS.user}`, `/api${SESSION_READ_PATHS.permissions}`];
  if (SESSION_ONLY_PAGES.has(pagePath)) return session;
  const [key, id, ...rest] = pagePath.split('/').slice(1);
  // A section's API path is its key (src/api/resources.ts RESOURCE_DEFS; the unit test checks it).
  const section = [...RESOURCE_SECTIONS, CLIENTS_SECTION].find((s) => s.key === key);
  if (!section || rest.length > 0) return [];
  if (id === undefined) {
    // The list's first call as the route actor sends it (views/resources/routeData.ts startRouteData: a browse).
    const query = listQuery(parseListState(search, defaultSortOf(section.key)));
    return [...session, withQuery(`/api/v1/${section.key}/`, query)];
  }
  // A record's page (the client list has none); `/new` is the create form, which asks nothing.
  if (!section.idParam || !id || id === 'new' || NOT_RECORD_IDS[section.key]?.includes(id)) return [];
  let decoded: string;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    return [];
  }
  return [...session, `/api/v1/${section.key}/${encodeURIComponent(decoded)}`];
}

/**
 * The headers the portal's transport sends on these GETs (src/api/http.ts headersFor), from what
 * the page request carried: its cookies (the session), and the stored tokens the transport turns
 * into headers. Nothing else of the page request is passed on.
 */
function callHeaders(req: Request, publicConfig: Record<string, unknown>): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = { host: req.headers.host, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  if (req.headers.cookie) headers.cookie = req.headers.cookie;
  if (req.headers['user-agent']) headers['user-agent'] = req.headers['user-agent'];
  // The deployment's cookie names (config.json `cookies`), as the portal reads them.
  const configured = typeof publicConfig.cookies === 'object' && publicConfig.cookies !== null ? (publicConfig.cookies as Record<string, unknown>) : {};
  const name = (key: 'accessToken' | 'idToken' | 'portalToken') => (typeof configured[key] === 'string' ? configured[key] : DEFAULT_COOKIES[key]);
  Object.assign(headers, storedTokenHeaders({ accessToken: name('accessToken'), idToken: name('idToken'), portalToken: name('portalToken') }, (cookie) => readCookie(req, cookie)));
  return headers;
}

/** A page's first answers, once its calls are answered (or cut by the time-out). */
export interface FirstAnswers {
  /** What was answered 200, or null when nothing was. */
  payload: Promise<PageAnswersPayload | null>;
  /** The page has a call of its own (a list's browse, a record's read), not only the session's. */
  pageCall: boolean;
}

/**
 * This page's first answers, or null when it gets none (a guest, a page without first calls, a
 * portal told to call another origin): decided at once, so the page's headers can say so before
 * the calls are made.
 */
export function firstAnswersFor(req: Request, publicConfig: Record<string, unknown>, timeoutMs = FIRST_ANSWERS_TIMEOUT_MS, bundle?: () => Promise<Pick<ServerBundle, 'firstListLookups'> | null>): FirstAnswers | null {
  // Only a request the API knows as signed in (server/auth/authenticate.ts ran before the pages).
  if (!req.auth || req.method !== 'GET') return null;
  // A portal told to call another origin would not ask this server: nothing to answer for it.
  if (!sameOrigin(publicConfig.apiOrigin, req)) return null;
  const calls = firstCallsOf(req.path, req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '');
  if (calls.length === 0) return null;
  const headers = callHeaders(req, publicConfig);
  const signal = AbortSignal.timeout(timeoutMs);
  const get = (path: string) => inProcessGet(req.app, req, path, headers, signal, ANSWER_MAX_BYTES);
  // Every signed-in page reads the user's settings with its first calls (SETTINGS_CALL).
  const answering = [...calls, `/api${SETTINGS_CALL.path}`].map(get);
  const permissions = answering[1]!; // firstCallsOf: the session read's two come first
  // The shell's own first call, for a user who sees every account (machines/route.ts needAccounts:
  // the same rule on the same permissions answer), once that answer is in.
  const accounts = permissions.then((answer) => (answer && isGlobal(readPermissionsOrNull(answer.body), 'Accounts') ? get(withQuery(`/api${ACCOUNTS_CALL.path}`, ACCOUNTS_CALL.query)) : null));
  // A list's names of other records (an agent's LLM), looked up as the portal looks them up for its
  // first screen: the portal's own code says which (the server bundle's firstListLookups), once the
  // list and the permissions are in. At most MAX_NAME_LOOKUPS; none without the bundle.
  const names = calls.length > SESSION_READ_CALLS && bundle
    ? Promise.all([bundle(), permissions, answering[2]!, accounts]).then(([loaded, granted, list, known]) =>
        loaded && granted && list ? Promise.all(loaded.firstListLookups(requestUrl(req), readPermissionsOrNull(granted.body), list.body, known?.body ?? null).slice(0, MAX_NAME_LOOKUPS).map(get)) : [],
      )
    : Promise.resolve([]);
  const payload = Promise.all([...answering, accounts, names.catch(() => [])]).then((results) => {
    const answered = results.flat();
    // A call still running when the time-out fired was cut: its answer is left out, the rest are written.
    const answers = answered.filter((answer) => answer !== null);
    return answers.length === 0 ? null : { answers };
  });
  return { payload, pageCall: calls.length > SESSION_READ_CALLS };
}

/** At most this many name lookups a page: with the five calls above, the eight a portal reads (api/pageAnswers.ts). */
const MAX_NAME_LOOKUPS = 3;

/** The session read's GETs, first in every page's calls (firstCallsOf). */
const SESSION_READ_CALLS = 2;

/** The element that carries the answers in the page (docs/first-answers.md), or '' for none. */
export function answersElement(payload: PageAnswersPayload | null): string {
  return payload ? `<script type="application/json" id="${PAGE_ANSWERS_ID}">${scriptSafeJson(payload)}</script>` : '';
}

function sameOrigin(apiOrigin: unknown, req: Request): boolean {
  if (typeof apiOrigin !== 'string' || apiOrigin === '') return true;
  try {
    return new URL(apiOrigin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The permissions answer as the portal reads it (its own zod reader), or null where it would refuse it. */
function readPermissionsOrNull(body: unknown) {
  try {
    return readPermissions(body);
  } catch {
    return null;
  }
}
