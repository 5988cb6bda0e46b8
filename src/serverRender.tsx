/**
 * A signed-in page's first screen drawn by a server (docs/first-screen.md), from the same first
 * answers it writes into the page (docs/first-answers.md): the portal's own machines and views
 * run here as they will in the browser, on a transport that answers only from those answers and
 * never reaches a network, and React draws the tree (views/PortalRoot.tsx) the browser then adopts
 * (hydrates) instead of drawing it again. The browser shows the rows as soon as the page's HTML
 * is in, before any of its code has run.
 *
 * Built by Vite as its own bundle (vite.config.ts `serverRenderBundle`) into `<dist>/ssr/`; the
 * reference server loads it (server/http/serverRender.ts). Nothing is drawn (null) unless the
 * screen is whole from the answers alone: a call the answers lack, a guest, an error or a slow
 * step leave the page to the browser, as without this module.
 */
import { renderToString } from 'react-dom/server';
import { createHttp } from './api/http';
import { readPageAnswers } from './api/pageAnswers';
import { createAuthApi } from './api/auth';
import { parseRuntimeConfig } from './config';
import { runningCalls } from './firstScreen';
import type { PageAnswersPayload } from './api/firstCalls';
import type { ServerDrawing, ServerRenderInput } from './firstScreenHints';
import { themeColorVars } from './format/themeContrast';
import { awaitFirstScreen } from './firstScreenWait';
import { ACTOR_IDS } from './machines/actorIds';
import type { ReferencesActor } from './machines/references';
import { referencesSelectors } from './machines/references.api';
import { startPortal } from './machines/root';
import { sendFirstCalls } from './routeData';
import { matchLocation } from './routeMatch';
import { PortalRoot } from './views/PortalRoot';

/** A list's name lookups, for the server's first answers (server/http/firstAnswers.ts). */
export { firstListLookups } from './firstListLookups';

/**
 * `#root`'s content for this page and the CSS variables of the user's theme colour (the browser
 * sets them on <html> as it signs in, after this drawing is painted), or null when the server
 * should not draw it.
 */
export async function renderFirstScreen({ url, config: rawConfig, answers, timeZone, timeoutMs }: ServerRenderInput): Promise<ServerDrawing | null> {
  const page = new URL(url);
  // Only a page whose data is all its route's first call (a list, a record): another page's parts
  // ask for theirs as they are drawn (the dashboard's totals), which no server drawing would show.
  if (!DRAWN_PAGES.has(matchLocation(page.pathname).route.data?.kind ?? '')) return null;
  const config = parseRuntimeConfig(rawConfig);
  const pageAnswers = readPageAnswers({ doc: answersElement(answers), base: page.href, now: () => 0 });
  // Anything not answered by the page waits for ever (until the portal is stopped): the screen is
  // then not whole and nothing is drawn. A write is never sent.
  const http = createHttp(config, unreachable, { pageAnswers });
  const location = page.pathname + page.search;
  const sessionRead = createAuthApi(http).fetchSession();
  sessionRead.catch(() => {});
  const portal = startPortal({ http, config, location, firstCalls: sendFirstCalls, sessionRead });
  try {
    const settled = await withinTime(awaitFirstScreen(portal, { waitMs: timeoutMs }), timeoutMs);
    if (!settled || !portal.auth.getSnapshot().hasTag('signedIn') || runningCalls(portal.root).length > 0 || lookingUpNames(portal)) return null;
    // The page the machines settled on (a list opening on a saved view moves its address): the browser must be there too.
    if (portal.navigation.getSnapshot().context.location !== location) return null;
    const html = renderToString(<PortalRoot portal={{ ...portal, config, browserTimeZone: timeZone }} at={{ path: page.pathname, search: page.search.slice(1) }} />);
    // A part that threw while drawn here is left by React to the browser (`<!--$!-->`): a screen with a hole is not drawn.
    if (html.includes(CLIENT_RENDERED_BOUNDARY)) return null;
    const color = portal.auth.getSnapshot().context.user?.theme_color;
    return { html, themeVars: typeof color === 'string' ? themeColorVars(color) : {} };
  } catch {
    return null;
  } finally {
    portal.root.stop();
  }
}

/** The answers as the element the browser reads them from (api/pageAnswers.ts), read here the same way. */
function answersElement(answers: PageAnswersPayload): Pick<Document, 'getElementById'> {
  const element = { textContent: JSON.stringify(answers), remove() {} };
  return { getElementById: () => element as unknown as HTMLElement };
}

/** A fetch that never answers; aborted, it rejects as a browser's would. */
const unreachable: typeof fetch = (_input, init) =>
  new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

/** The route loaders (route.ts `RouteData.kind`) whose page is whole once their first call is answered. */
const DRAWN_PAGES = new Set(['list', 'record']);

/**
 * A name of another record still being looked up (a lookup the answers did not hold): drawn now it
 * would be a placeholder where the browser, which asks the network, draws the name.
 */
function lookingUpNames(portal: ReturnType<typeof startPortal>): boolean {
  const references = portal.root.system.get(ACTOR_IDS.references) as ReferencesActor | undefined;
  return references ? referencesSelectors.lookingUp(references.getSnapshot()) : false;
}

/** React's mark of a Suspense boundary it could not draw on the server. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** Whether `work` ends within `ms` (its timer then cleared: a server keeps no timer per page). */
function withinTime(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)));
  return Promise.race([work.then(() => true), late]).finally(() => clearTimeout(timer));
}
