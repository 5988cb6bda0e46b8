import { screen } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { waitFor } from 'xstate';
import { mountPortal } from './mountPortal';
import { mswServer } from './setupMsw';

/**
 * The whole portal for a guest (no stored session) at `path`, over msw; `handlers` first so
 * they win. For the public account pages.
 */
export async function renderAccount(path: string, handlers: RequestHandler[] = []) {
  if (handlers.length) mswServer.use(...handlers);
  const { portal, here } = mountPortal(path);
  await waitFor(portal.auth, (s) => s.matches('signedOut'), { timeout: 3000 });
  return { portal, screen, here };
}
