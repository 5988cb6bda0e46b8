import { Suspense, useEffect, useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import { Redirect, useLocation, useSearch } from 'wouter';
import { ACCESS_DENIED_PATH, landingPath } from '../machines/landing';
import { can, isAccessDenied } from '../machines/permissions';
import type { RouteData, RouteDef } from '../route';
import { VENDOR_PAGE, isOtherVendorPath } from '../routes';
import { matchLocation } from '../routeMatch';
import { LoadingState } from './common/LoadingState';
import { ChunkLoadError, lazyView, useChunk, useViewReady, type LazyChunk } from './lazyView';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary';
import { NavigationBridge } from './NavigationBridge';
import { PageDrawn } from './pageDrawn';
import { useAuthPhase, usePermissions, usePortal } from './PortalContext';
import { PublicLayout } from './shell/PublicLayout';

type Params = Record<string, string | undefined>;

// The signed-in frame and the forbidden page are not needed to sign in: they load after it.
const AppShell = lazyView(() => import('./shell/AppShell').then((m) => ({ default: m.AppShell })));
const ForbiddenPage = lazyView(() => import('./errors/ForbiddenPage'));

/** Boot: a protected first screen needs the signed-in frame too; request it with the page's code. */
export function warmShell(location: string): Promise<void> {
  const ignore = () => {}; // a chunk that fails is reported when the shell renders
  return matchLocation(location.split('?')[0] || '/').route.access === 'protected' ? AppShell.warm().then(ignore, ignore) : Promise.resolve();
}

const loaderChunks = new WeakMap<RouteData, LazyChunk>();

/** A route's loader as a lazy chunk (one object per loader, so useChunk can follow it). */
function loaderChunk(data: RouteData | undefined): LazyChunk | undefined {
  if (!data) return undefined;
  let chunk = loaderChunks.get(data);
  if (!chunk) loaderChunks.set(data, (chunk = { isLoaded: () => data.loaded() !== undefined, load: () => data.load() }));
  return chunk;
}

/**
 * The page's actor, as its route's loader names it (route.ts `RouteData.pageActor`: a section's
 * resource, the conversation report): opened once the loader's small chunk is in (usually it
 * already is: boot and the route actor request it with the view's). `failed`: the chunk did not come.
 */
function usePageActor(route: RouteDef): { ready: boolean; failed: boolean; actor: AnyActorRef | undefined } {
  const portal = usePortal();
  const { loaded, failed } = useChunk(loaderChunk(route.data));
  const module = loaded ? route.data?.loaded() : undefined;
  const actor = useMemo(() => module?.pageActor(portal, route), [module, portal, route]);
  return { ready: loaded || failed, failed, actor };
}

/** A loader chunk that did not come: the route's error boundary shows it as a page that could not load. */
function LoaderFailed(): never {
  throw new ChunkLoadError();
}

function RouteView({ route, params }: { route: RouteDef; params: Params }) {
  const View = route.view;
  const [location] = useLocation();
  const ready = useViewReady(route.view);
  const page = usePageActor(route);
  useEffect(() => {
    document.title = `${route.title} · Agent Portal`;
  }, [route.title]);
  if (!ready || !page.ready) return <LoadingState label="Loading page…" />;
  return (
    <RouteErrorBoundary resetKey={location}>
      <Suspense fallback={<LoadingState label="Loading page…" />}>
        {page.failed ? <LoaderFailed /> : <View route={route} params={params} actor={page.actor} />}
        <PageDrawn />
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

/** A redirect that brings the user back here (path and query) afterwards. */
function RedirectBack({ to }: { to: string }) {
  return <Redirect to={`${to}?redirect=${encodeURIComponent(useHere())}`} replace />;
}

/**
 * SPEC §6: a protected route needs a user, and the route's model + action. It reads the path, not
 * the query: a list's next page or sort re-renders the list, not the signed-in frame around it.
 */
function Protected({ route, params }: { route: RouteDef; params: Params }) {
  const phase = useAuthPhase();
  const permissions = usePermissions();
  const shellReady = useViewReady(AppShell);
  if (phase === 'restoring' || phase === 'working') return <LoadingState label="Checking your session…" />;
  if (phase === 'unverified') return <RedirectBack to="/email-verification" />;
  if (phase === 'signedOut') return <RedirectBack to="/login" />;
  // Global access false and no section granted: no page of the portal is this user's.
  if (isAccessDenied(permissions)) return <Redirect to={ACCESS_DENIED_PATH} replace />;
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
  return useMemo(() => matchLocation(location), [location]);
}

export function App() {
  const [location] = useLocation();
  const { route, params } = useMatchedRoute();
  // One element, no per-route key: the signed-in shell (menu, account filter) stays mounted
  // while only the page inside it changes.
  return (
    <>
      <NavigationBridge />
      {isOtherVendorPath(location) ? <Redirect to={VENDOR_PAGE} replace /> : <RouteScreen route={route} params={params} />}
    </>
  );
}
