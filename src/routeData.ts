import type { AccountFilterActor } from './machines/accountFilter';
import type { AuthActor } from './machines/auth';
import type { NavigationActor } from './machines/navigation';
import { can, isAccessDenied, isGlobal } from './machines/permissions';
import type { RouteDataModule, RouteDataOwner } from './route';
import { matchLocation } from './routeMatch';

const pathOf = (location: string) => location.split('?')[0] || '/';
const searchOf = (location: string) => location.split('?').slice(1).join('?');

/** Boot: the current route's code (view and data loader) is requested before anything waits for it. */
export function warmRoute(location: string): void {
  const { route } = matchLocation(pathOf(location));
  const ignore = () => {}; // a chunk that fails is reported when its view renders
  route.view.warm().catch(ignore);
  route.data?.load().catch(ignore);
}

/**
 * Render-as-you-fetch (router loaders' habit): the route table knows each page's first call, so it
 * starts when the session is restored or signed in, and when the location moves to a page whose
 * code is still loading, in parallel with that code instead of after the view's first effect.
 * Permissions still gate it: a route the user may not open never sends its call.
 */
export interface RouteDataStarter {
  stop(): void;
  /**
   * Settles once the current route's first call is on its way, or is known not to be sent (no
   * call for this route, no permission, its loader's chunk failed). Boot renders after it, so the
   * call goes out before React's first render takes the main thread.
   */
  sent(): Promise<void>;
}

export function startRouteDataWith(owner: Omit<RouteDataOwner, 'permissions' | 'accountFilter'> & { auth: AuthActor; navigation: NavigationActor; accountFilter: AccountFilterActor }): RouteDataStarter {
  let startedFor: string | null = null; // the route + params the last call was started for
  let sending: Promise<void> = Promise.resolve();
  const start = (onlyUnloadedViews: boolean) => {
    const auth = owner.auth.getSnapshot();
    if (!auth.matches('signedIn')) {
      startedFor = null;
      return;
    }
    const location = owner.navigation.getSnapshot().context.location;
    const { route, params } = matchLocation(pathOf(location));
    const key = `${route.path} ${JSON.stringify(params)}`;
    if (!route.data || key === startedFor) return;
    startedFor = key;
    // A loaded view mounts in this same turn and sends its own call.
    if (onlyUnloadedViews && route.view.isLoaded()) return;
    // Closed to this user (Global access false, no grant): every page sends them to /error/access, so no call goes out.
    if (isAccessDenied(auth.context.permissions)) return;
    if (route.permission && !can(auth.context.permissions, route.permission.model, route.permission.action)) return;
    const run = (module: RouteDataModule) => module.startRouteData({ ...owner, permissions: auth.context.permissions }, route, params, searchOf(location));
    const loaded = route.data.loaded();
    // Loaded: now, before React renders the signed-in page. Otherwise as soon as its chunk is in.
    if (loaded) run(loaded);
    else sending = route.data.load().then(run, () => {}); // the view sends its own call and shows any failure
  };
  // The shell's own first call (the account filter's accounts, for users who see several) goes
  // right after the page's, not from the filter's effect after the first render; arriving with the
  // rows, it also names their Account column (machines/areas.ts openReferences).
  const startShellData = () => {
    if (isGlobal(owner.auth.getSnapshot().context.permissions, 'Accounts')) owner.accountFilter.send({ type: 'accountFilter.need' });
  };
  let wasSignedIn = owner.auth.getSnapshot().matches('signedIn');
  const onAuth = owner.auth.subscribe((snapshot) => {
    const signedIn = snapshot.matches('signedIn');
    if (signedIn && !wasSignedIn) {
      start(false);
      void sending.then(startShellData);
    }
    if (!signedIn) startedFor = null;
    wasSignedIn = signedIn;
  });
  const onNavigation = owner.navigation.subscribe(() => start(true));
  return {
    stop: () => {
      onAuth.unsubscribe();
      onNavigation.unsubscribe();
    },
    sent: () => sending,
  };
}
