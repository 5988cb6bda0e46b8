import type { Portal } from './machines/root';
import { firstCallSent } from './machines/route';

export type FirstScreenStep = 'checking-session' | 'session-answered' | 'first-call-sent' | 'loading-page' | 'first-screen-ready';

/**
 * Until the first screen can be drawn whole: the session read has its answer, the page's first
 * call was sent and, for a signed-in page, its code, the user's preferences and the calls sent for
 * it are in (bounded by `waitMs`: past it the page is drawn with what it has). The same wait in
 * the browser (src/main.tsx) and on a server drawing the page (src/serverRender.tsx), so both draw
 * the same screen. `onStep` follows it (boot's user-timing marks and its status text).
 */
export async function awaitFirstScreen(portal: Portal, { waitMs, onStep = () => {} }: { waitMs?: number; onStep?: (step: FirstScreenStep) => void } = {}): Promise<void> {
  if (portal.auth.getSnapshot().hasTag('restoring')) {
    onStep('checking-session');
    await sessionAnswered(portal);
  }
  onStep('session-answered');
  await firstCallSent(portal.route);
  onStep('first-call-sent');
  if (!portal.auth.getSnapshot().hasTag('signedIn')) return;
  onStep('loading-page');
  const { signedInScreenReady } = await import('./views/shell/firstScreenReady');
  await signedInScreenReady(portal, waitMs);
  onStep('first-screen-ready');
}

/** Resolves when the session restore has an answer (at once for a guest). */
function sessionAnswered({ auth }: Portal): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      watching?.unsubscribe();
      resolve();
    };
    // A failed actor renders too: the error boundary then has something to say.
    const watching = auth.subscribe({ next: (snapshot) => !snapshot.hasTag('restoring') && settle(), error: settle });
    if (!auth.getSnapshot().hasTag('restoring')) settle();
  });
}
