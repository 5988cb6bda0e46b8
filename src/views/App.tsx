import { Suspense, useEffect, useMemo } from 'react';
import { Redirect, matchRoute, useLocation, useRouter, useSearch } from 'wouter';
import { landingPath } from '../machines/landing';
import { can } from '../machines/permissions';
import type { RouteDef } from '../route';
import { NOT_FOUND_ROUTE, ROUTES, VENDOR_PAGE, isOtherVendorPath } from '../routes';
import { LoadingState } from './common/LoadingState';
import { lazyView, useViewReady } from './lazyView';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary';
import { NavigationBridge } from './NavigationBridge';
import { useAuthPhase, usePermissions } from './PortalContext';
import { PublicLayout } from './shell/PublicLayout';

type Params = Record<string, string | undefined>;

// The signed-in frame and the forbidden page are not needed to sign in: they load after it.
const AppShell = lazyView(() => import('./shell/AppShell').then((m) => ({ default: m.AppShell })));
const ForbiddenPage = lazyView(() => import('./errors/ForbiddenPage'));

function RouteView({ route, params }: { route: RouteDef; params: Params }) {
  const View = route.view;
  const [location] = useLocation();
  const ready = useViewReady(route.view);
  useEffect(() => {
    document.title = `${route.title} · Agent Portal`;
  }, [route.title]);
  if (!ready) return <LoadingState label="Loading page…" />;
  return (
    <RouteErrorBoundary resetKey={location}>
      <Suspense fallback={<LoadingState label="Loading page…" />}>
        <View route={route} params={params} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

function useHere(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

/** Signed-in users never see the sign-in page: they land where SPEC §4 says. */
function GuestOnly({ route, params }: { route: RouteDef; params: Params }) {
  const phase = useAuthPhase();
  const permissions = usePermissions();
  const here = useHere();
  if (phase === 'restoring') return <LoadingState label="Checking your session…" />;
  if (phase === 'signedIn') return <Redirect to={landingPath(permissions, here) ?? '/dashboard'} replace />;
  return (
    <PublicLayout>
      <RouteView route={route} params={params} />
    </PublicLayout>
  );
}

/** SPEC §6: a protected route needs a user, and the route's model + action. */
function Protected({ route, params }: { route: RouteDef; params: Params }) {
  const phase = useAuthPhase();
  const permissions = usePermissions();
  const here = useHere();
  const shellReady = useViewReady(AppShell);
  if (phase === 'restoring' || phase === 'working') return <LoadingState label="Checking your session…" />;
  if (phase === 'unverified') return <Redirect to={`/email-verification?redirect=${encodeURIComponent(here)}`} replace />;
  if (phase === 'signedOut') return <Redirect to={`/login?redirect=${encodeURIComponent(here)}`} replace />;
  if (!shellReady) return <LoadingState label="Loading the portal…" />;
  const allowed = !route.permission || can(permissions, route.permission.model, route.permission.action);
  return (
    <Suspense fallback={<LoadingState label="Loading the portal…" />}>
      <AppShell route={route} params={params}>
        {allowed ? <RouteView route={route} params={params} /> : <ForbiddenPage />}
      </AppShell>
    </Suspense>
  );
}

function RouteScreen({ route, params }: { route: RouteDef; params: Params }) {
  if (route.access === 'guestOnly') return <GuestOnly route={route} params={params} />;
  if (route.access === 'protected') return <Protected route={route} params={params} />;
  return (
    <PublicLayout>
      <RouteView route={route} params={params} />
    </PublicLayout>
  );
}

/** The first route of the table that matches the location (the table's order decides). */
function useMatchedRoute(): { route: RouteDef; params: Params } {
  const [location] = useLocation();
  const { parser } = useRouter();
  return useMemo(() => {
    for (const route of ROUTES) {
      const [matches, params] = matchRoute(parser, route.path, location);
      if (matches) return { route, params: (params ?? {}) as Params };
    }
    return { route: NOT_FOUND_ROUTE, params: {} };
  }, [parser, location]);
}

export function App() {
  const [location] = useLocation();
  const { route, params } = useMatchedRoute();
  // The first screen's code loads while the session is being restored, not after it.
  useEffect(() => {
    const failed = () => {}; // a chunk that fails is reported when its view renders
    route.view.warm().catch(failed);
    if (route.access === 'protected') AppShell.warm().catch(failed);
    // Only the screen the portal opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // One element, no per-route key: the signed-in shell (menu, account filter) stays mounted
  // while only the page inside it changes.
  return (
    <>
      <NavigationBridge />
      {isOtherVendorPath(location) ? <Redirect to={VENDOR_PAGE} replace /> : <RouteScreen route={route} params={params} />}
    </>
  );
}
