import { FIRST_SCREEN_WAIT_MS, firstScreenReady } from '../../firstScreen';
import { ACTOR_IDS } from '../../machines/actorIds';
import { writeFirstScreenHints } from '../../machines/effects';
import type { Portal } from '../../machines/root';
import { warmRoute } from '../../routeData';
import { firstListNamesAnswered } from '../resources/firstListNames';
import { matchLocation } from '../../routeMatch';
import { warmShell } from '../App';

/**
 * A signed-in page's part of the first-screen wait (src/firstScreenWait.ts): its code, the user's
 * preferences and the calls sent for it, bounded by `waitMs`. With the signed-in frame's code (the
 * `portal` chunk a signed-in page preloads), not with /login's.
 */
export async function signedInScreenReady(portal: Portal, waitMs?: number): Promise<void> {
  // This browser's time zone and account filter, for its server to draw its next signed-in page
  // (src/firstScreenHints.ts; the filter writes them again when it changes).
  if (typeof document !== 'undefined') writeFirstScreenHints(portal.accountFilter.getSnapshot().context.accountId);
  const here = portal.navigation.getSnapshot().context.location;
  // A list names its Account column from the account filter's accounts (no lookup of its own when
  // they are in); another page does not wait for them (a warm record page: ~25 ms sooner).
  const { route } = matchLocation(here.split('?')[0] || '/');
  const except = route.data?.kind === 'list' ? [] : [ACTOR_IDS.accountFilter];
  // The signed-in frame's code, then the user's preferences (time zone, saved views): drawn
  // without them, every row was drawn again when they came (machines/areas/shell.ts preferencesRead).
  const shell = warmShell(here).then(() => (route.access === 'protected' ? import('../../machines/areas/shell').then(({ preferencesRead }) => preferencesRead(portal)) : undefined));
  const until = performance.now() + (waitMs ?? FIRST_SCREEN_WAIT_MS);
  await firstScreenReady(portal.root, Promise.all([shell, warmRoute(here, portal.auth.getSnapshot().context.permissions ?? null)]), { except, waitMs });
  // A list's names of other records, looked up once its rows are in (within the same bound).
  if (route.data?.kind === 'list') await firstListNamesAnswered(portal, here, until - performance.now());
}
