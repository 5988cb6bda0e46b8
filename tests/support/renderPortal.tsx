import { configure, screen } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { waitFor } from 'xstate';
import { API, adminUser, permissionsFor, signInHandlers } from './apiFixtures';
import { mountPortal } from './mountPortal';
import { listBody } from './resourceFixtures';
import { mswServer } from './setupMsw';

// Lazy route chunks load on first use: on a busy machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });

/** Every request the page made, as `METHOD /path?query` (decoded), in order. */
export function recordRequests(): string[] {
  const seen: string[] = [];
  mswServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${decodeURIComponent(url.pathname + url.search.replace(/\+/g, ' '))}`);
  });
  return seen;
}

/**
 * The whole portal (started system + PortalProvider + wouter memory location) signed in with a
 * restored session. `handlers` go first, so they win over the sign-in defaults.
 */
export async function renderPortal(path: string, options: { handlers?: RequestHandler[]; permissions?: unknown; config?: Record<string, unknown> } = {}) {
  const permissions = options.permissions ?? permissionsFor('all');
  mswServer.use(
    // First: a test's `/users/:id` handler must not answer the session's own user call.
    http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json({ data: adminUser })),
    http.get(`${API}/api/v1/user/permissions`, () => HttpResponse.json(permissions as Record<string, unknown>)),
    ...(options.handlers ?? []),
    ...signInHandlers({ permissions }),
    http.get(`${API}/api/v1/accounts`, () => HttpResponse.json(listBody([{ id: 1, name: 'Acme Support' }, { id: 2, name: 'Globex Sales' }]))),
  );
  const mounted = mountPortal(path, { returning: true, config: options.config });
  await waitFor(mounted.portal.auth, (s) => s.matches('signedIn'), { timeout: 3000 });
  return { ...mounted, screen };
}

/** Permissions of a user who may only read the given models (browse + read, level 1). */
export function readOnlyPermissions(models: string[]) {
  const base = permissionsFor([]) as { data: Record<string, unknown> };
  for (const model of models) base.data[model] = { browse: true, read: true, edit: false, add: false, delete: false, level: 1 };
  return base;
}
