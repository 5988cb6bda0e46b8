import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createHttp } from '../../src/api/http';
import { parseRuntimeConfig } from '../../src/config';
import { startPortal } from '../../src/machines/root';
import { sendFirstCalls } from '../../src/routeData';
import { App } from '../../src/views/App';
import { PortalProvider } from '../../src/views/PortalContext';
import { API } from './apiFixtures';

/**
 * The whole portal as a user meets it: the started system, PortalProvider and the App on a wouter
 * memory location at `path`, talking to msw at API. `returning` stores the "not guest" flag, so
 * the session is restored from the server first, as after a reload.
 */
export function mountPortal(path: string, { returning = false, config: extra = {} }: { returning?: boolean; config?: Record<string, unknown> } = {}) {
  localStorage.setItem('isGuest', returning ? 'isNotGuest' : 'isGuest');
  const location = memoryLocation({ path, record: true });
  const config = parseRuntimeConfig({ apiOrigin: API, ...extra });
  const portal = startPortal({ http: createHttp(config), config, location: path, firstCalls: sendFirstCalls });
  const view = render(
    <PortalProvider value={{ ...portal, config }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <App />
      </Router>
    </PortalProvider>,
  );
  return { portal, location, config, view, here: () => location.history?.at(-1) ?? path };
}
