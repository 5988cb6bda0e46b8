import { http, HttpResponse } from 'msw';
import { waitFor } from 'xstate';
import { createAccountApi } from '../../../src/api/account';
import { API, adminUser, signInHandlers } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { startTestPortal } from '../../support/portal';

export const UNVERIFIED = { message: 'Your email address is not verified.' };

/**
 * A portal whose auth actor is `unverified` (signed in, email not verified), and a switch that
 * makes the server see the email as verified from then on.
 */
export async function unverifiedPortal(location = '/email-verification?redirect=%2Froles') {
  const state = { verified: false };
  mswServer.use(
    http.get(`${API}/api/v1/users/auth`, () =>
      state.verified ? HttpResponse.json({ data: adminUser }) : HttpResponse.json(UNVERIFIED, { status: 403 }),
    ),
    ...signInHandlers(),
  );
  const started = startTestPortal(location);
  started.portal.auth.send({ type: 'auth.submit', credentials: { email: 'admin@example.com', password: 'password' } });
  await waitFor(started.portal.auth, (s) => s.matches('unverified'));
  return { ...started, api: createAccountApi(started.portal.http), verify: () => (state.verified = true) };
}

export async function signedInPortal(location = '/settings') {
  mswServer.use(...signInHandlers());
  const started = startTestPortal(location);
  started.portal.auth.send({ type: 'auth.submit', credentials: { email: 'admin@example.com', password: 'password' } });
  await waitFor(started.portal.auth, (s) => s.matches('signedIn'));
  return { ...started, api: createAccountApi(started.portal.http) };
}

export function guestPortal(location = '/register') {
  const started = startTestPortal(location);
  return { ...started, api: createAccountApi(started.portal.http) };
}

/** Records request bodies per "METHOD path". */
export function recordBodies() {
  const bodies: Record<string, unknown[]> = {};
  mswServer.events.on('request:start', async ({ request }) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const text = request.method === 'GET' ? '' : await request.clone().text();
    (bodies[key] ??= []).push(text ? JSON.parse(text) : undefined);
  });
  return bodies;
}

export const csrfHandler = http.get(`${API}/sanctum/csrf-cookie`, () => new HttpResponse(null, { status: 204 }));
