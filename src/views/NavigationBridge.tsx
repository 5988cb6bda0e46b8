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
      if (event.traverse === 'back') window.history.back();
      else setLocation(event.to, { replace: event.replace });
    });
    return () => subscription.unsubscribe();
  }, [navigation, setLocation]);

  useEffect(() => {
    located(search ? `${location}?${search}` : location);
  }, [located, location, search]);

  return null;
}
