import { waitFor, type ActorRefFrom, type AnyActorLogic, type InputFrom } from 'xstate';
import { createHttp } from '../../src/api/http';
import { parseRuntimeConfig } from '../../src/config';
import { ensureSystemActor, startPortal } from '../../src/machines/root';
import { API } from './apiFixtures';

/** The whole system of actors against msw, no React: what machine tests drive. */
export function startTestPortal(location = '/login', configOverrides: Record<string, unknown> = {}) {
  const config = parseRuntimeConfig({ apiOrigin: API, ...configOverrides });
  const http = createHttp(config);
  const portal = startPortal({ http, config, location });
  const navigations: Array<{ to: string; replace: boolean }> = [];
  portal.navigation.on('navigate', (event) => {
    navigations.push({ to: event.to, replace: event.replace });
    // Stand in for the router bridge: the location follows every navigation.
    portal.navigation.send({ type: 'navigation.located', location: event.to });
  });
  portal.navigation.send({ type: 'navigation.located', location });
  return { portal, navigations, config };
}

export function authSettled(portal: ReturnType<typeof startTestPortal>['portal']) {
  return waitFor(portal.auth, (s) => s.matches('signedIn') || s.matches('signedOut') || s.matches('unverified'), { timeout: 3000 });
}

let flows = 0;

/**
 * A page flow started inside the portal's system, as `useFlow` opens it: the flow finds `auth`
 * and `navigation` there by systemId.
 */
export function startFlow<L extends AnyActorLogic>(portal: ReturnType<typeof startTestPortal>['portal'], logic: L, input?: InputFrom<L>): ActorRefFrom<L> {
  flows += 1;
  return ensureSystemActor<ActorRefFrom<L>>(portal.root, `flow:test-${flows}`, () => logic, input ?? {}, 'page');
}
