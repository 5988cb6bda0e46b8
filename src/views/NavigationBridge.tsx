import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { installBackGuard } from './common/backGuard';
import { usePortal } from './PortalContext';

// Before the router subscribes to popstate (see backGuard.ts).
installBackGuard();

/**
 * The one place where the navigation actor meets the router: the actor's `navigate` moves
 * wouter, and wouter's location goes back to the actor as `navigation.located`.
 */
export function NavigationBridge() {
  const { navigation } = usePortal();
  const [location, setLocation] = useLocation();
  const search = useSearch();

  useEffect(() => {
    const subscription = navigation.on('navigate', (event) => {
      // After a guarded browser Back the page put itself back on top: leaving steps back again.
      if (event.traverse === 'back') window.history.back();
      else setLocation(event.to, { replace: event.replace });
    });
    return () => subscription.unsubscribe();
  }, [navigation, setLocation]);

  useEffect(() => {
    navigation.send({ type: 'navigation.located', location: search ? `${location}?${search}` : location });
  }, [navigation, location, search]);

  return null;
}
