import { http, HttpResponse, delay } from 'msw';
import { expect, test } from 'vitest';
import { waitFor } from 'xstate';
import { startEarly } from '../../src/bootEarly';
import { parseRuntimeConfig } from '../../src/config';
import { firstScreenReady, runningCalls } from '../../src/firstScreen';
import { ACTOR_IDS, resourceActorId } from '../../src/machines/actorIds';
import type { ResourceActor } from '../../src/machines/resource';
import { firstCallSent } from '../../src/machines/route';
import { startPortal } from '../../src/machines/root';
import { sendFirstCalls } from '../../src/routeData';
import { API, signInHandlers } from '../support/apiFixtures';
import { bot, listBody } from '../support/resourceFixtures';
import { asReturningVisitor } from '../support/returningVisitor';
import { mswServer } from '../support/setupMsw';

asReturningVisitor();

const config = () => parseRuntimeConfig({ apiOrigin: API });

/** A signed-in portal on /bots whose list call answers after `listMs`, the accounts after `accountsMs`. */
async function bootOnBots(listMs: number, accountsMs = 10) {
  mswServer.use(
    ...signInHandlers(),
    http.get(`${API}/api/v1/bots/`, async () => {
      await delay(listMs);
      return HttpResponse.json(listBody([bot(1), bot(2)]));
    }),
    http.get(`${API}/api/v1/accounts/`, async () => {
      await delay(accountsMs);
      return HttpResponse.json(listBody([]));
    }),
  );
  const early = startEarly(config());
  const portal = startPortal({ http: early.http, config: early.config, location: '/bots', sessionRead: early.sessionRead, firstCalls: sendFirstCalls });
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  await firstCallSent(portal.route);
  return { portal, bots: () => portal.root.system.get(resourceActorId('bots')) as ResourceActor };
}

test('boot’s first draw waits for the first screen’s calls: the page’s list and the shell’s accounts are in when it resolves', async () => {
  const { portal, bots } = await bootOnBots(60);
  // What boot finds running once the page's call is sent: the list's and the account filter's.
  expect(runningCalls(portal.root).map((call) => (call.getSnapshot() as { context: { input: unknown } }).context.input)).toHaveLength(2);
  await firstScreenReady(portal.root, Promise.resolve(), { waitMs: 2000 });
  expect(bots().getSnapshot().hasTag('listBusy')).toBe(false);
  expect(bots().getSnapshot().context.list?.data.map((row) => row.id)).toEqual(['1', '2']);
  expect(portal.root.system.get(ACTOR_IDS.accountFilter)!.getSnapshot().hasTag('busy')).toBe(false);
  expect(runningCalls(portal.root)).toEqual([]);
});

test('the wait is bounded: a slow page call does not hold the first draw past it (the page shows its loading state)', async () => {
  const { portal, bots } = await bootOnBots(1000);
  const started = performance.now();
  await firstScreenReady(portal.root, Promise.resolve(), { waitMs: 100 });
  expect(performance.now() - started).toBeLessThan(900);
  expect(bots().getSnapshot().hasTag('listBusy')).toBe(true);
});

test('the first draw also waits for the code it needs (the shell and the page), within the same bound', async () => {
  const { portal } = await bootOnBots(0);
  let codeIn = false;
  const code = delay(80).then(() => (codeIn = true));
  await firstScreenReady(portal.root, code, { waitMs: 2000 });
  expect(codeIn).toBe(true);
});

test('calls under the root children it is told to leave out (a record page and the accounts) do not hold the first draw', async () => {
  const { portal, bots } = await bootOnBots(0, 1000);
  const started = performance.now();
  await firstScreenReady(portal.root, Promise.resolve(), { waitMs: 2000, except: [ACTOR_IDS.accountFilter] });
  expect(performance.now() - started).toBeLessThan(900);
  expect(bots().getSnapshot().hasTag('listBusy')).toBe(false);
  expect(portal.root.system.get(ACTOR_IDS.accountFilter)!.getSnapshot().hasTag('busy')).toBe(true);
});
