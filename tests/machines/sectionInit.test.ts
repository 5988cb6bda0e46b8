import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { waitFor } from 'xstate';
import { openResource } from '../../src/machines/areas/resources';
import { API, signInHandlers } from '../support/apiFixtures';
import { startTestPortal } from '../support/portal';
import { accountFilterAccounts, bot, listBody } from '../support/resourceFixtures';
import { asReturningVisitor } from '../support/returningVisitor';
import { mswServer } from '../support/setupMsw';
import { operationOf } from '../../src/machines/operation';

asReturningVisitor();
// A restored admin session also loads the account filter's accounts.
beforeEach(() => mswServer.use(accountFilterAccounts()));

function botsApi() {
  mswServer.use(
    ...signInHandlers(),
    http.get(`${API}/api/v1/bots/`, () => HttpResponse.json(listBody([bot(1), bot(2)]))),
    http.get(`${API}/api/v1/bots/:id`, ({ params }) => HttpResponse.json({ data: bot(Number(params.id)) })),
  );
}

test('SPEC §4: entering a section sends its init: record, list and statuses from the last visit are gone', async () => {
  botsApi();
  const { portal } = startTestPortal('/bots/1');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  const bots = openResource(portal, 'bots');
  bots.send({ type: 'resource.read', id: '1' });
  bots.send({ type: 'resource.browse', query: {} });
  await waitFor(operationOf(bots, 'read'), (s) => s.matches('success'));
  await waitFor(operationOf(bots, 'browse'), (s) => s.matches('success'));

  // Within the section nothing is cleared: the list page and the record page share what they loaded.
  portal.navigation.send({ type: 'navigation.located', location: '/bots?page=1' });
  expect(bots.getSnapshot().context.record).not.toBeNull();
  expect(bots.getSnapshot().context.list).not.toBeNull();

  portal.navigation.send({ type: 'navigation.located', location: '/dashboard' });
  // Leaving alone clears nothing (the next section is what is entered)…
  expect(bots.getSnapshot().context.record).not.toBeNull();
  portal.navigation.send({ type: 'navigation.located', location: '/bots' });
  // …entering it again does.
  expect(bots.getSnapshot().context).toMatchObject({ record: null, list: null, options: [] });
  expect(operationOf(bots, 'read').getSnapshot().value).toBe('idle');
  // The list entered is asked for afresh by the route actor, after the init.
  await waitFor(operationOf(bots, 'browse'), (s) => s.matches('loading'));
});

test('the init reaches the section before the route’s first call: the list entered loads, it is not reset', async () => {
  botsApi();
  const { portal } = startTestPortal('/bots');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  const bots = openResource(portal, 'bots');
  await waitFor(operationOf(bots, 'browse'), (s) => s.matches('success'));
  portal.navigation.send({ type: 'navigation.located', location: '/bots/1' });
  await waitFor(operationOf(bots, 'read'), (s) => s.matches('success'));
  portal.navigation.send({ type: 'navigation.located', location: '/dashboard' });
  portal.navigation.send({ type: 'navigation.located', location: '/bots' });
  expect(operationOf(bots, 'browse').getSnapshot().value).toBe('loading');
  await waitFor(operationOf(bots, 'browse'), (s) => s.matches('success'));
  expect(bots.getSnapshot().context.list?.data).toHaveLength(2);
});
