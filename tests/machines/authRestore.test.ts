import { http, HttpResponse, delay } from 'msw';
import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createAuthApi } from '../../src/api/auth';
import { createHttp } from '../../src/api/http';
import { parseRuntimeConfig } from '../../src/config';
import { authMachine } from '../../src/machines/auth';
import { API, adminUser, permissionsFor } from '../support/apiFixtures';
import { mswServer } from '../support/setupMsw';

function restoringAuth() {
  const api = createAuthApi(createHttp(parseRuntimeConfig({ apiOrigin: API })));
  return createActor(
    authMachine.provide({
      // A returning visitor: the browser's flag says "not guest".
      guards: { 'the browser says guest': () => false },
      actors: {
        fetchSession: fromPromise(async ({ signal }) => {
          const [user, permissions] = await Promise.all([api.fetchUser(signal), api.fetchPermissions(signal)]);
          return { user, permissions };
        }),
      },
      actions: { land: () => {}, markGuest: () => {}, markNotGuest: () => {}, applyUserTheme: () => {} },
    }),
  ).start();
}

test('a returning session asks for user and permissions at once, not one after the other', async () => {
  const started: string[] = [];
  // How many requests had started when each answer went out.
  const startedWhenAnswering: number[] = [];
  mswServer.use(
    http.get(`${API}/api/v1/users/auth`, async () => {
      started.push('user');
      await delay(50);
      startedWhenAnswering.push(started.length);
      return HttpResponse.json({ data: adminUser });
    }),
    http.get(`${API}/api/v1/user/permissions`, async () => {
      started.push('permissions');
      await delay(50);
      startedWhenAnswering.push(started.length);
      return HttpResponse.json(permissionsFor('all'));
    }),
  );
  const auth = restoringAuth();
  const snapshot = await waitFor(auth, (s) => s.matches('signedIn'));
  expect(snapshot.context.user?.email).toBe('admin@example.com');
  // Sequential calls would answer the first with only one started.
  expect(startedWhenAnswering).toEqual([2, 2]);
});

test('an expired session on return lands signed out; an unverified one in `unverified`', async () => {
  mswServer.use(
    http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
    http.get(`${API}/api/v1/user/permissions`, () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
  );
  expect((await waitFor(restoringAuth(), (s) => !s.matches('restoring'))).value).toBe('signedOut');
  mswServer.resetHandlers();
  mswServer.use(
    http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json({ message: 'Your email address is not verified.' }, { status: 403 })),
    http.get(`${API}/api/v1/user/permissions`, () => HttpResponse.json({ message: 'Your email address is not verified.' }, { status: 403 })),
  );
  expect((await waitFor(restoringAuth(), (s) => !s.matches('restoring'))).value).toBe('unverified');
});

test('a returning session whose user cannot be loaded says "Error Loading User"; no session says nothing', async () => {
  mswServer.use(
    http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
    http.get(`${API}/api/v1/user/permissions`, () => HttpResponse.json(permissionsFor('all'))),
  );
  const failed = await waitFor(restoringAuth(), (s) => !s.matches('restoring'));
  expect(failed.value).toBe('signedOut');
  expect(failed.context.error).toMatchObject({ summary: 'Error Loading User', detail: 'API Error, please try again.', serverDetail: 'Server Error' });
  mswServer.resetHandlers();
  mswServer.use(
    http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
    http.get(`${API}/api/v1/user/permissions`, () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
  );
  expect((await waitFor(restoringAuth(), (s) => !s.matches('restoring'))).context.error).toBeNull();
});
