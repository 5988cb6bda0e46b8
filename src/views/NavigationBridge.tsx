import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { installBackGuard } from './common/backGuard';
import { useNavigation } from './actors/useNavigation';
import { usePortal } from './PortalContext';

// Before the router subscribes to popstate (see backGuard.ts).
installBackGuard();

/**
 * The one place where the navigation actor meets the router: the actor's `navigate` moves
 * wouter, and wouter's location goes back to the actor as `navigation.located`.
 */
export function NavigationBridge() {
  const { navigation } = usePortal();
  const { located } = useNavigation();
  const [location, setLocation] = useLocation();
  const search = useSearch();

  useEffect(() => {
    const subscription = navigation.on('navigate', (event) => {
      // After a guarded browser Back the page put itself back on top: leaving steps back again.
      if (event.traverse === 'back') return void window.history.back();
      setLocation(event.to, { replace: event.replace });
      // Told at once, not after React has drawn the new address (the effect below tells it again,
      // which changes nothing): the route's call leaves with the click, and the page draws the new
      // address and its "Loading…" in one commit instead of two (bench/lists.ts' next page and sort).
      if (isRouterLocation(event.to)) located(event.to);
    });
    return () => subscription.unsubscribe();
  }, [navigation, setLocation, located]);

  useEffect(() => {
    located(search ? `${location}?${search}` : location);
  }, [located, location, search]);

  return null;
}

/** `to` exactly as the router will report it (path and query, no fragment, already normalised): else only the effect tells it. */
function isRouterLocation(to: string): boolean {
  if (!to.startsWith('/') || to.startsWith('//') || to.includes('#')) return false;
  const url = new URL(to, 'http://portal.invalid');
  return `${url.pathname}${url.search}` === to && !to.endsWith('?');
}
