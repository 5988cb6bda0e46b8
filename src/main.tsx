// First: the config, the transport and the session read start before the rest of boot's code is evaluated.
import { early } from './bootNow';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPanelState } from './inspector/panelState';
import { createRecorder } from './inspector/recorder';
import { startPortal, type Portal } from './machines/root';
import { navigationApi } from './machines/navigation.api';
import { sendFirstCalls, warmRoute } from './routeData';
import { warmShell } from './views/App';
import { PortalRoot } from './views/PortalRoot';
import { awaitFirstScreen, type FirstScreenStep } from './firstScreenWait';
import { browserTimeZone, SERVER_DRAWN_ATTRIBUTE } from './firstScreenHints';
import { registerInspectorOpener } from './views/shell/inspectorToggle';
import './styles.css';

/** The longest an inspector asked for at boot (?inspect) waits for the page to be drawn before it opens. */
const INSPECTOR_OPEN_WAIT_MS = 3_000;

/** The longest a server drawing stays closed to input while the portal adopts it. */
const DRAWING_HELD_MAX_MS = 10_000;

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
  // Opens the inspector asked for at boot, once the first page is drawn (set below when asked).
  let openInspectorWhenDrawn: (() => void) | undefined;
  if (recorder) {
    const openInspector = () => {
      const from = document.activeElement; // before the menu that opened it closes
      import('./inspector/open').then(({ openInspector: open }) => open(portal.root, recorder, from)).catch((error: unknown) => console.error('Machine inspector failed to load', error));
    };
    registerInspectorOpener(openInspector);
    // ?inspect opens it; so does a reload of a tab where it was open. Once the page is drawn (or
    // after INSPECTOR_OPEN_WAIT_MS, for a page that never is): opened before, the page's own first
    // focus (the sign-in's Email field) could take the focus from the panel's heading.
    if (new URLSearchParams(window.location.search).has('inspect') || readPanelState().open) {
      // Once, whichever comes first: a panel the user closed after the wait is not opened again when the page is drawn.
      const openOnce = () => {
        clearTimeout(opening);
        openInspectorWhenDrawn = undefined;
        openInspector();
      };
      const opening = setTimeout(openOnce, INSPECTOR_OPEN_WAIT_MS);
      openInspectorWhenDrawn = openOnce;
    }
  }
  // The first render waits for the session answer and for the page's first call to be sent:
  // rendered earlier, React would draw "Checking your session…" (which index.html already shows)
  // and lay it out while that answer, then that call, wait behind it. A signed-in page is drawn
  // once: the frame, the page and its rows together (bounded: a slow call still gets the shell and
  // its loading state after the wait).
  const stopCarryingMoves = carryMovesUntilRouter(portal);
  await awaitFirstScreen(portal, { onStep: (step) => showStep(step) });
  stopCarryingMoves(); // the router's bridge subscribes as it mounts
  const container = document.getElementById('root')!;
  const value = { ...portal, config };
  // A first screen the server drew (src/serverRender.tsx) is inert until React holds the page: a
  // click or a key before then would go to a page that cannot answer yet. Its theme colour is then
  // <html>'s (the sign-in set it): a later change of colour must not be hidden under the drawing's.
  const takesInput = () => {
    for (const attribute of ['inert', 'aria-disabled', 'style']) container.removeAttribute(attribute);
  };
  const drawn = () => {
    takesInput();
    openInspectorWhenDrawn?.();
  };
  // Bounded: a page that never arrives (a chunk that hangs shows its loading state) must not leave
  // the frame closed to input for ever.
  if (container.hasAttribute('inert')) setTimeout(takesInput, DRAWING_HELD_MAX_MS);
  if (adoptsServerDrawing(container, portal)) {
    // This very screen, drawn for this browser: React adopts it (hydrates) instead of drawing it again.
    hydrateRoot(container, <PortalRoot portal={value} onDrawn={drawn} />, { onRecoverableError: drawnAgain });
  } else {
    // None, or one drawn for another time zone or account filter than this browser's now: drawn anew (React replaces it).
    createRoot(container).render(<PortalRoot portal={value} onDrawn={drawn} />);
  }
}

/**
 * Whether the page holds a server drawing (src/serverRender.tsx) that is this browser's screen:
 * drawn for its time zone and for "All accounts", and the session still signed in. A browser
 * whose filter or time zone changed since it told its server (src/firstScreenHints.ts) draws the
 * page itself.
 */
function adoptsServerDrawing(container: HTMLElement, { auth, accountFilter }: Portal): boolean {
  return container.getAttribute(SERVER_DRAWN_ATTRIBUTE) === browserTimeZone() && accountFilter.getSnapshot().context.accountId === null && auth.getSnapshot().hasTag('signedIn');
}

/** A server drawing React could not adopt (a relative time that moved on, say): React drew it anew, as a browser-only page would have. */
function drawnAgain(error: unknown) {
  console.warn('The server-drawn first screen was drawn again in the browser:', error);
}

/** Boot's user-timing marks (bench/lists.ts prints them, so a slower first screen shows which step moved) and the status text index.html shows meanwhile. */
function showStep(step: FirstScreenStep) {
  const status = document.querySelector('#root [role="status"] .loading-label');
  if (step === 'checking-session' && status) status.textContent = 'Checking your session…';
  else if (step === 'loading-page' && status) status.textContent = 'Loading page…';
  else if (step === 'session-answered' || step === 'first-call-sent' || step === 'first-screen-ready') mark(step);
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

void boot();
