import { useEffect } from 'react';
import { navigationApi, navigationSelectors } from '../../machines/navigation.api';
import { usePortal } from '../PortalContext';
import { guardBrowserBack } from './backGuard';

export const LEAVE_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

/**
 * While `dirty`, leaving asks first. The navigation actor holds the question (`guarded` →
 * `asking`); this hook only brings it the moves the router would otherwise make on its own:
 * - an in-app link (a capture-phase click, before wouter's) becomes `navigation.go`;
 * - the browser's Back (`popstate`, heard before wouter's listener: backGuard.ts) is undone at
 *   once — the page pushes its own URL back — and reported as `navigation.popped`;
 * - closing or reloading the tab keeps the browser's own `beforeunload` question.
 */
export function useLeaveGuard(dirty: boolean): void {
  const { navigation } = usePortal();
  useEffect(() => {
    if (!dirty) return;
    const api = navigationApi(navigation);
    const here = () => navigationSelectors.location(navigation.getSnapshot());
    // While the question is open too: a second Back or click must not slip past it.
    const guarded = () => navigationSelectors.guarded(navigation.getSnapshot());
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!guarded() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.origin !== window.location.origin) return;
      const to = `${link.pathname}${link.search}`;
      if (to === here()) return;
      event.preventDefault();
      event.stopPropagation();
      api.go(to);
    };
    const onPopState = (event: PopStateEvent) => {
      if (!guarded()) return;
      const at = here();
      const to = `${window.location.pathname}${window.location.search}`;
      if (to === at) return;
      // Before wouter hears of it: the form stays mounted and the address bar shows it again.
      event.stopImmediatePropagation();
      window.history.pushState(window.history.state, '', at);
      api.popped(to);
    };
    api.guard(true);
    window.addEventListener('beforeunload', onBeforeUnload);
    const releaseBack = guardBrowserBack(onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      releaseBack();
      document.removeEventListener('click', onClick, true);
      api.guard(false);
    };
  }, [dirty, navigation]);
}
