// First: the config, the transport and the session read start before the rest of boot's code is evaluated.
import { early } from './bootNow';
import { firstScreenReady } from './firstScreen';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { readPanelState } from './inspector/panelState';
import { createRecorder } from './inspector/recorder';
import { ACTOR_IDS } from './machines/actorIds';
import { startPortal, type Portal } from './machines/root';
import { navigationApi } from './machines/navigation.api';
import { firstCallSent } from './machines/route';
import { sendFirstCalls, warmRoute } from './routeData';
import { matchLocation } from './routeMatch';
import { App, warmShell } from './views/App';
import { RouteErrorBoundary } from './views/errors/RouteErrorBoundary';
import { PortalProvider } from './views/PortalContext';
import { registerInspectorOpener } from './views/shell/inspectorToggle';
import './styles.css';

/** User-timing marks of boot's steps: bench/lists.ts prints them, so a slower first screen shows which step moved. */
const mark = (step: 'boot' | 'session-answered' | 'first-call-sent' | 'first-screen-ready') => performance.mark(`portal:${step}`);

async function boot() {
  mark('boot');
  const location = window.location.pathname + window.location.search;
  // The first screen's code (view, data loader, and the signed-in frame) loads beside the session
  // read, not after it. Where the server already hinted the signed-in code
  // (server/http/preloadHints.ts), the browser fetches and compiles it unasked, and importing it
  // here is a loss even now that the session read runs that chunk anyway (measured, cold first
  // page, same run: rows 808 ms without, 1009 with): the first render then draws the whole shell
  // and an empty list before the rows come and again with them, where a view still loading lets
  // the rows arrive first and the page is drawn once.
  if (!signedInCodeHinted()) {
    warmRoute(location);
    warmShell(location);
  }
  const { config, http, sessionRead } = await early;
  if (config.sentryDsn) {
    // Sentry never sends default PII (off by default in v11) and stays out of the initial bundle: only a configured DSN loads it.
    void import('./observability/sentry').then(({ initSentry }) => initSentry(config.sentryDsn!, config.environment));
  }
  // Machine inspector: allowed in dev builds, or in production when config.json says so. Only the
  // recorder (from boot, so the log holds the sign-in) is in the initial bundle; the panel is lazy.
  const recorder = import.meta.env.DEV || config.inspector ? createRecorder() : undefined;
  const portal = startPortal({ http, config, location, firstCalls: sendFirstCalls, sessionRead }, { inspect: recorder?.inspect });
  if (recorder) {
    const openInspector = () => {
      const from = document.activeElement; // before the menu that opened it closes
      import('./inspector/open').then(({ openInspector: open }) => open(portal.root, recorder, from)).catch((error: unknown) => console.error('Machine inspector failed to load', error));
    };
    registerInspectorOpener(openInspector);
    // ?inspect opens it; so does a reload of a tab where it was open.
    if (new URLSearchParams(window.location.search).has('inspect') || readPanelState().open) openInspector();
  }
  // The first render waits for the session answer and for the page's first call to be sent:
  // rendered earlier, React would draw "Checking your session…" (which index.html already shows)
  // and lay it out while that answer, then that call, wait behind it.
  const stopCarryingMoves = carryMovesUntilRouter(portal);
  await sessionAnswered(portal);
  mark('session-answered');
  await firstCallSent(portal.route);
  mark('first-call-sent');
  // A signed-in page is drawn once: the frame, the page and its rows together. Drawn as soon as its
  // call was sent, React laid out the shell and the page's loading state, then everything again with
  // the rows (bounded: a slow call still gets the shell and its loading state after the wait).
  if (portal.auth.getSnapshot().hasTag('signedIn')) {
    const here = portal.navigation.getSnapshot().context.location;
    const status = document.querySelector('#root [role="status"] .loading-label');
    if (status) status.textContent = 'Loading page…';
    // A list names its Account column from the account filter's accounts (no lookup of its own when
    // they are in); another page does not wait for them (a warm record page: ~25 ms sooner).
    const { route } = matchLocation(here.split('?')[0] || '/');
    const except = route.data?.kind === 'list' ? [] : [ACTOR_IDS.accountFilter];
    // The signed-in frame's code, then the user's preferences (time zone, saved views): drawn
    // without them, every row was drawn again when they came (machines/areas/shell.ts preferencesRead).
    const shell = warmShell(here).then(() => (route.access === 'protected' ? import('./machines/areas/shell').then(({ preferencesRead }) => preferencesRead(portal)) : undefined));
    await firstScreenReady(portal.root, Promise.all([shell, warmRoute(here, portal.auth.getSnapshot().context.permissions ?? null)]), { except });
    mark('first-screen-ready');
  }
  stopCarryingMoves(); // the router's bridge subscribes as it mounts
  const container = document.getElementById('root')!;
  createRoot(container).render(
    <StrictMode>
      <RouteErrorBoundary>
        <PortalProvider value={{ ...portal, config }}>
          <Router>
            <App />
          </Router>
        </PortalProvider>
      </RouteErrorBoundary>
    </StrictMode>,
  );
}

/** The reference server's mark on a page whose signed-in code it hinted (server/http/preloadHints.ts). */
function signedInCodeHinted(): boolean {
  return document.querySelector('meta[name="portal-preloaded"][content="signed-in"]') !== null;
}

/**
 * Until the router is drawn (views/NavigationBridge.tsx takes over), boot carries out the
 * navigation actor's moves itself: the address bar moves, and the actor is told the new place as
 * the bridge would tell it, so the route actor sends that place's first call before the first
 * draw. A landing decided while the session is checked (a returning user on /login goes to the
 * dashboard) and a list opening on the user's default view (views/resources/routeData.ts) are
 * then drawn once, in their place; the router reads the address when it mounts.
 */
function carryMovesUntilRouter({ navigation }: Portal): () => void {
  const { located } = navigationApi(navigation);
  const moves = navigation.on('navigate', (move) => {
    if (move.traverse === 'back') return;
    window.history[move.replace ? 'replaceState' : 'pushState'](null, '', move.to);
    located(window.location.pathname + window.location.search);
  });
  return () => moves.unsubscribe();
}

/** Resolves when the session restore has an answer (at once for a guest). */
function sessionAnswered({ auth }: Portal): Promise<void> {
  if (!auth.getSnapshot().matches('restoring')) return Promise.resolve();
  const status = document.querySelector('#root [role="status"] .loading-label');
  if (status) status.textContent = 'Checking your session…';
  return new Promise((resolve) => {
    const settle = () => {
      watching.unsubscribe();
      resolve();
    };
    // A failed actor renders too: the error boundary then has something to say.
    const watching = auth.subscribe({ next: (snapshot) => !snapshot.matches('restoring') && settle(), error: settle });
  });
}

void boot();
