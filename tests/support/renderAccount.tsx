import { render, screen } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { waitFor } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createHttp } from '../../src/api/http';
import { parseRuntimeConfig } from '../../src/config';
import { startPortal } from '../../src/machines/root';
import { App } from '../../src/views/App';
import { PortalProvider } from '../../src/views/PortalContext';
import { API } from './apiFixtures';
import { mswServer } from './setupMsw';

/**
 * The whole portal for a guest (no stored session) at `path`, over msw; `handlers` first so
 * they win. For the public account pages.
 */
export async function renderAccount(path: string, handlers: RequestHandler[] = []) {
  localStorage.setItem('isGuest', 'isGuest');
  if (handlers.length) mswServer.use(...handlers);
  const location = memoryLocation({ path, record: true });
  const config = parseRuntimeConfig({ apiOrigin: API });
  const portal = startPortal({ http: createHttp(config), config, location: path });
  render(
    <PortalProvider value={{ ...portal, config }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <App />
      </Router>
    </PortalProvider>,
  );
  await waitFor(portal.auth, (s) => s.matches('signedOut'), { timeout: 3000 });
  return { portal, screen, here: () => location.history?.at(-1) ?? path };
}
