import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { startFlow } from '../../support/portal';
import { waitFor } from 'xstate';
import { createRegisterFlow, REGISTER_SUMMARY } from '../../../src/machines/account/register';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { guestPortal, recordBodies, UNVERIFIED, unverifiedPortal } from './flowSupport';

const registration = { name: 'Nia New', email: 'nia@example.com', password: 'correct-horse', password_confirmation: 'correct-horse' };

afterEach(() => mswServer.events.removeAllListeners());

describe('register flow', () => {
  test('registers, goes to /email-verification with the redirect kept, and the auth actor adopts the new session and ends unverified', async () => {
    const bodies = recordBodies();
    mswServer.use(
      http.post(`${API}/register`, () => HttpResponse.json({ data: { id: 9, email: registration.email } }, { status: 201 })),
      http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json(UNVERIFIED, { status: 403 })),
      ...signInHandlers(),
    );
    const { portal, api, navigations } = guestPortal('/register?redirect=%2Froles');
    const flow = startFlow(portal, createRegisterFlow(api), { redirect: '/roles' });
    flow.send({ type: 'register.submit', registration });
    await waitFor(flow, (s) => s.status === 'done');
    await waitFor(portal.auth, (s) => s.matches('unverified'));
    expect(navigations.map((n) => n.to)).toEqual(['/email-verification?redirect=%2Froles']);
    expect(bodies['POST /register']).toEqual([{ ...registration, redirect: '/roles' }]);
    // The session POST /register opened is adopted: no second sign-in with the password.
    expect(bodies['POST /login']).toBeUndefined();
  });

  test('server validation errors: back to editing with the errors by field under the summary', async () => {
    mswServer.use(
      http.get(`${API}/sanctum/csrf-cookie`, () => new HttpResponse(null, { status: 204 })),
      http.post(`${API}/register`, () =>
        HttpResponse.json(
          { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'], password: ['The password field must be at least 8 characters.'] } },
          { status: 422 },
        ),
      ),
    );
    const { portal, api, navigations } = guestPortal();
    const flow = startFlow(portal, createRegisterFlow(api));
    flow.send({ type: 'register.submit', registration });
    await waitFor(flow, (s) => s.matches('editing') && s.context.error !== null);
    const { error } = flow.getSnapshot().context;
    expect(error?.summary).toBe(REGISTER_SUMMARY);
    expect(error?.fieldErrors).toEqual({ email: ['The email has already been taken.'], password: ['The password field must be at least 8 characters.'] });
    expect(error?.detail).toBe('The email has already been taken.\nThe password field must be at least 8 characters.');
    expect(navigations).toEqual([]);
    expect(portal.auth.getSnapshot().value).toBe('signedOut');
  });

  test('no redirect given: /dashboard is where verification continues', async () => {
    mswServer.use(http.post(`${API}/register`, () => HttpResponse.json({ data: {} }, { status: 201 })), ...signInHandlers());
    const { portal, api, navigations } = guestPortal();
    const flow = startFlow(portal, createRegisterFlow(api));
    flow.send({ type: 'register.submit', registration });
    await waitFor(flow, (s) => s.status === 'done');
    expect(navigations[0]?.to).toBe('/email-verification?redirect=%2Fdashboard');
    // An already verified address (here the fixture user) simply ends signed in.
    await waitFor(portal.auth, (s) => s.matches('signedIn'));
  });

  test('a visitor already signed in but unverified: auth looks again (auth.retry) instead of signing in', async () => {
    const { portal, api } = await unverifiedPortal('/register');
    const bodies = recordBodies();
    mswServer.use(http.post(`${API}/register`, () => HttpResponse.json({ data: {} }, { status: 201 })));
    const flow = startFlow(portal, createRegisterFlow(api));
    flow.send({ type: 'register.submit', registration });
    await waitFor(flow, (s) => s.status === 'done');
    await waitFor(portal.auth, (s) => s.matches('unverified'));
    expect(bodies['POST /login']).toBeUndefined();
    expect(bodies['GET /api/v1/users/auth']?.length).toBe(1);
  });
});
