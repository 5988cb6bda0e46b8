import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { createServer, type PortalServer } from '../../server/app';
import { openLiveSocket, type LiveSocketHandlers, type RecordsChanged } from '../../src/api/liveSocket';
import { createLiveSocketActor, liveChannelMachine, type LiveChannelActor } from '../../src/machines/liveChannel';
import { liveListMachine, REFETCH_EVERY_MS, type LiveListActor, type LiveListMode } from '../../src/machines/liveList';
import { liveListSelectors } from '../../src/machines/liveList.api';
import { jarFetch } from '../support/cookieJar';
import { mswServer } from '../support/setupMsw';

// The reconnect test talks to a real reference API and its socket.io gateway over loopback: no msw.
beforeAll(() => mswServer.close());

const started: { stop(): void }[] = [];
const servers: PortalServer[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'live-machine-'));
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
});
afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A socket under the test's hand: what the transport would report, sent when the test says. */
function fakeSocket() {
  const opened: LiveSocketHandlers[] = [];
  const open = (handlers: LiveSocketHandlers) => {
    opened.push(handlers);
    return Promise.resolve({ close: () => {} });
  };
  return { open, opened, last: () => opened.at(-1)! };
}

function startChannel(open: (handlers: LiveSocketHandlers) => Promise<{ close(): void }>, clock: SimulatedClock): LiveChannelActor {
  const actor = createActor(liveChannelMachine.provide({ actors: { socket: createLiveSocketActor(open) } }), { clock });
  started.push(actor);
  actor.start();
  return actor;
}

/** A list hearing `channel`, with the clock times of each refetch it asked for. */
function startList(channel: LiveChannelActor, clock: SimulatedClock, mode: LiveListMode = 'refetch', resource = 'contacts'): { list: LiveListActor; refetchedAt: number[] } {
  const list = createActor(liveListMachine, { clock, input: { resource, mode, channel } });
  const refetchedAt: number[] = [];
  list.on('liveList.refetch', () => refetchedAt.push(clock.now()));
  started.push(list);
  list.start();
  return { list, refetchedAt };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const change = (kind: RecordsChanged['kind'], ids: string[], resource = 'contacts'): RecordsChanged => ({ resource, kind, ids });

/** A channel on a fake socket that has subscribed: where most tests start. */
async function subscribedChannel() {
  const clock = new SimulatedClock();
  const socket = fakeSocket();
  const channel = startChannel(socket.open, clock);
  await flush();
  socket.last().subscribed();
  return { clock, socket, channel };
}

describe('a live list', () => {
  test('a burst of 40 changes over 2 s asks for the list at most once a second: at once, then at the end of each busy second', async () => {
    const { clock, socket, channel } = await subscribedChannel();
    expect(channel.getSnapshot().hasTag('live')).toBe(true);
    const { refetchedAt } = startList(channel, clock);

    for (let n = 0; n < 40; n += 1) {
      socket.last().changed(change('updated', [String(n)]));
      clock.increment(50);
    }
    clock.increment(3000);
    expect(refetchedAt.length).toBeGreaterThanOrEqual(2);
    expect(refetchedAt.length).toBeLessThanOrEqual(3);
    expect(refetchedAt[0]).toBe(0);
    for (let n = 1; n < refetchedAt.length; n += 1) expect(refetchedAt[n]! - refetchedAt[n - 1]!).toBeGreaterThanOrEqual(REFETCH_EVERY_MS);

    // Another resource's changes are not this list's.
    const before = refetchedAt.length;
    socket.last().changed(change('created', ['9'], 'bots'));
    clock.increment(2000);
    expect(refetchedAt).toHaveLength(before);
  });

  test('marks: created rows are new, edited rows changed (a new row edited stays new), deleted rows lose their mark; moving the list clears them', async () => {
    const { clock, socket, channel } = await subscribedChannel();
    const { list } = startList(channel, clock);
    socket.last().changed(change('created', ['1', '2']));
    socket.last().changed(change('updated', ['2', '3']));
    socket.last().changed(change('deleted', ['1']));
    clock.increment(REFETCH_EVERY_MS);
    expect(liveListSelectors.marks(list.getSnapshot())).toEqual({ '2': 'new', '3': 'changed' });
    list.send({ type: 'liveList.clear' });
    expect(liveListSelectors.marks(list.getSnapshot())).toEqual({});
  });

  test('moving a list with nothing marked (a next page, a sort) leaves the marks a view reads as they were: the list does not render again for it', async () => {
    const { clock, channel } = await subscribedChannel();
    const { list } = startList(channel, clock);
    const unmarked = liveListSelectors.marks(list.getSnapshot());
    list.send({ type: 'liveList.clear' });
    expect(liveListSelectors.marks(list.getSnapshot())).toBe(unmarked);
  });

  test('while the tab is hidden nothing is asked; shown again, one refetch brings what changed', async () => {
    const { clock, socket, channel } = await subscribedChannel();
    const { list, refetchedAt } = startList(channel, clock);
    list.send({ type: 'liveList.visibility', visible: false });
    for (let n = 0; n < 5; n += 1) socket.last().changed(change('updated', [String(n)]));
    clock.increment(5000);
    expect(refetchedAt).toEqual([]);
    list.send({ type: 'liveList.visibility', visible: true });
    clock.increment(5000);
    expect(refetchedAt).toHaveLength(1);
  });

  test('the conversations list offers what is new instead of fetching it; "show" fetches once and marks them', async () => {
    const { clock, socket, channel } = await subscribedChannel();
    const { list, refetchedAt } = startList(channel, clock, 'offer', 'conversations');
    socket.last().changed(change('created', ['a'], 'conversations'));
    socket.last().changed(change('created', ['b', 'a'], 'conversations'));
    socket.last().changed(change('updated', ['c'], 'conversations'));
    clock.increment(3000);
    expect(refetchedAt).toEqual([]);
    expect(liveListSelectors.offered(list.getSnapshot())).toEqual({ created: ['a', 'b'], changed: ['c'], more: false });
    list.send({ type: 'liveList.show' });
    clock.increment(3000);
    expect(refetchedAt).toHaveLength(1);
    expect(liveListSelectors.offered(list.getSnapshot())).toEqual({ created: [], changed: [], more: false });
    expect(liveListSelectors.marks(list.getSnapshot())).toEqual({ a: 'new', b: 'new', c: 'changed' });
  });

  test('a gateway without live lists is left quietly: no answer to live-subscribe, a refusal, or three failed first attempts', async () => {
    for (const end of [(h: LiveSocketHandlers) => h.unsupported(), (h: LiveSocketHandlers) => h.failed('Invalid namespace'), (h: LiveSocketHandlers) => h.failed('unauthenticated')]) {
      const clock = new SimulatedClock();
      const socket = fakeSocket();
      const channel = startChannel(socket.open, clock);
      await flush();
      end(socket.last());
      expect(channel.getSnapshot().hasTag('unavailable')).toBe(true);
      clock.increment(120_000);
      expect(socket.opened).toHaveLength(1);
    }
    const clock = new SimulatedClock();
    const socket = fakeSocket();
    const channel = startChannel(socket.open, clock);
    for (const wait of [5000, 10000]) {
      await flush();
      socket.last().failed('websocket error');
      clock.increment(wait);
    }
    await flush();
    socket.last().failed('websocket error');
    expect(channel.getSnapshot().hasTag('unavailable')).toBe(true);
    expect(socket.opened).toHaveLength(3);
  });
});

describe('a live list over the real gateway', () => {
  test('a change over HTTP reaches the list; after the server restarts, the channel reconnects (5 s) and the list asks once more', async () => {
    const dbFile = path.join(dir, 'live.sqlite');
    let server = await createServer({ dbFile });
    servers.push(server);
    const port = await server.listen(0);
    const url = `http://127.0.0.1:${port}`;
    const http = jarFetch(url);
    await http('/sanctum/csrf-cookie');
    expect((await http('/login', { method: 'POST', json: { email: 'admin@example.com', password: 'password', remember: true } })).status).toBe(200);
    const token = http.jar.decoded('chat_session')!;

    const clock = new SimulatedClock();
    const channel = startChannel((handlers) => openLiveSocket(url, token, handlers), clock);
    await waitFor(channel, (s) => s.hasTag('live'), { timeout: 5000 });
    const { list, refetchedAt } = startList(channel, clock);

    const created = await http('/api/v1/contacts', { method: 'POST', json: { name: 'Reconnect Rita', phone_number: '+15555550177' } });
    const id = String(((await created.json()) as { data: { id: number } }).data.id);
    await waitFor(list, () => refetchedAt.length === 1, { timeout: 2000 });
    expect(liveListSelectors.marks(list.getSnapshot())).toEqual({ [id]: 'new' });

    await server.close();
    await waitFor(channel, (s) => s.matches('waiting'), { timeout: 5000 });
    server = await createServer({ dbFile });
    servers.push(server);
    await server.listen(port);
    clock.increment(REFETCH_EVERY_MS + 5000);
    await waitFor(channel, (s) => s.hasTag('live'), { timeout: 5000 });
    await waitFor(list, () => refetchedAt.length === 2, { timeout: 2000 });
    clock.increment(5000);
    expect(refetchedAt).toHaveLength(2);
  });
});
