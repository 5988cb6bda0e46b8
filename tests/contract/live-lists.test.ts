import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { contextOf } from '../../server/context';
import { liveHubOf } from '../../server/live';
import { MAX_IDS_PER_EVENT } from '../../server/live/protocol';
import { LIVE_RESOURCES } from '../../server/live/resources';
import type { TestServer } from '../../server/testing';
import { parseRecordsChanged, type RecordsChanged } from '../../src/api/liveSocket';
import { startFastChatServer } from '../support/fastChatServer';
import { signedInClient } from '../support/signedIn';

/**
 * Live lists over real socket.io frames and real HTTP (docs/live-lists.md): a write by one client
 * reaches the other clients who may browse it within 2 s, as the portal parses it; nobody else hears it.
 */

type Client = Awaited<ReturnType<typeof signedInClient>>;

let server: TestServer;
const sockets: Socket[] = [];
let admin: Client;
let staff: Client;
let viewer: Client;
let botsOnly: Client;

beforeAll(async () => {
  server = await startFastChatServer(5);
  admin = await signedInClient(server.url, 'admin@example.com');
  staff = await signedInClient(server.url, 'sso@example.com');
  viewer = await signedInClient(server.url, 'viewer@example.com');
  botsOnly = await signedInClient(server.url, 'bots@example.com');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

interface Listener {
  socket: Socket;
  heard: RecordsChanged[];
}

/** One tab's live channel: `/live` with the chat_session cookie, subscribed (acknowledged). */
async function listen(client: Client, subscribe = true): Promise<Listener> {
  const socket = io(`${server.url}/live`, { transports: ['websocket'], auth: { token: client.jar.decoded('chat_session') }, reconnection: false, forceNew: true });
  sockets.push(socket);
  const heard: RecordsChanged[] = [];
  socket.on('records-changed', (raw: unknown) => {
    const parsed = parseRecordsChanged(raw);
    if (parsed) heard.push(parsed);
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  if (subscribe) expect(await socket.timeout(2000).emitWithAck('live-subscribe', {})).toEqual({ ok: true });
  return { socket, heard };
}

const created = async (client: Client, path: string, json: unknown) => {
  const response = await client(path, { method: 'POST', json });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { data: { id: number } }).data.id);
};

/** Waits for `kind` of `resource` naming `id`, within 2 s (the goal); returns when it came. */
async function heardWithin2s(listener: Listener, resource: string, kind: string, id: string): Promise<number> {
  const started = Date.now();
  await expect.poll(() => listener.heard.some((e) => e.resource === resource && e.kind === kind && e.ids.includes(id)), { timeout: 2000, interval: 20 }).toBe(true);
  return Date.now() - started;
}

/** Long enough for the coalescing window (200 ms) to have flushed to everyone. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 450));

describe('records-changed on the /live namespace', () => {
  test('a contact created, edited and deleted by one client reaches the other clients of its account within 2 s; another account and a user without Contacts hear nothing', async () => {
    const adminTab = await listen(admin);
    const staffOtherTab = await listen(staff);
    const otherAccount = await listen(viewer);
    const noPermission = await listen(botsOnly);
    const notSubscribed = await listen(admin, false);

    const id = await created(staff, '/api/v1/contacts', { name: 'Live Larry', phone_number: '+15555550199' });
    const ms = await heardWithin2s(adminTab, 'contacts', 'created', id);
    expect(ms).toBeLessThan(2000);
    await heardWithin2s(staffOtherTab, 'contacts', 'created', id);

    expect((await staff(`/api/v1/contacts/${id}`, { method: 'PATCH', json: { name: 'Live Larry II' } })).status).toBe(200);
    await heardWithin2s(adminTab, 'contacts', 'updated', id);
    expect((await staff(`/api/v1/contacts/${id}`, { method: 'DELETE' })).status).toBe(200);
    await heardWithin2s(adminTab, 'contacts', 'deleted', id);
    await heardWithin2s(staffOtherTab, 'contacts', 'deleted', id);
    await settle();

    // The payload is small: resource, kind, ids; no record data.
    expect(Object.keys(adminTab.heard[0]!).sort()).toEqual(['ids', 'kind', 'resource']);
    expect(otherAccount.heard).toEqual([]);
    expect(noPermission.heard).toEqual([]);
    expect(notSubscribed.heard).toEqual([]);
    // A refused write (422) announces nothing.
    expect((await staff('/api/v1/contacts', { method: 'POST', json: { name: '' } })).status).toBe(422);
    await settle();
    expect(adminTab.heard.filter((e) => e.kind === 'created')).toHaveLength(1);
  });

  test('the bots manager hears bots of their account and nothing else; the global administrator hears every account', async () => {
    const manager = await listen(botsOnly);
    const adminTab = await listen(admin);
    const acmeStaff = await listen(staff);
    const bots = (await (await botsOnly('/api/v1/bots')).json()) as { data: { id: number; name: string }[] };
    const bot = String(bots.data[0]!.id);
    expect((await botsOnly(`/api/v1/bots/${bot}`, { method: 'PATCH', json: { name: `${bots.data[0]!.name} (live)` } })).status).toBe(200);
    await heardWithin2s(manager, 'bots', 'updated', bot);
    await heardWithin2s(adminTab, 'bots', 'updated', bot);
    await settle();
    expect(acmeStaff.heard).toEqual([]);
  });

  test('a burst is coalesced: 60 deletes arrive as a few events (one per 200 ms window), each naming at most 50 ids', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 60; n += 1) ids.push(await created(admin, '/api/v1/contacts', { name: `Burst ${n}`, phone_number: `+1555555${String(1000 + n)}` }));
    const adminTab = await listen(admin);
    const started = Date.now();
    await Promise.all(ids.map((id) => admin(`/api/v1/contacts/${id}`, { method: 'DELETE' })));
    const spreadMs = Date.now() - started;
    // Every delete is named, unless more than 50 fell into one window: that window's event names 50
    // and says `more` (docs/live-lists.md: the client refetches without marking every row).
    const named = () => new Set(adminTab.heard.flatMap((e) => (e.kind === 'deleted' ? e.ids : [])));
    const summarised = () => adminTab.heard.some((e) => e.kind === 'deleted' && e.more);
    await expect.poll(() => named().size === 60 || (summarised() && named().size >= MAX_IDS_PER_EVENT), { timeout: 2000 }).toBe(true);
    if (summarised()) await settle();
    expect([...named()].every((id) => ids.includes(id))).toBe(true);
    const deletes = adminTab.heard.filter((e) => e.kind === 'deleted');
    expect(deletes.filter((e) => e.more).every((e) => e.ids.length === MAX_IDS_PER_EVENT)).toBe(true);
    // One event per window the deletes were spread over (a loaded machine spreads them more).
    expect(deletes.length).toBeLessThanOrEqual(Math.ceil(spreadMs / 200) + 1);
    expect(deletes.length).toBeLessThan(20);
    expect(deletes.every((e) => e.ids.length <= MAX_IDS_PER_EVENT)).toBe(true);
  });

  test('an event names at most 50 ids; beyond them it says `more`', async () => {
    const adminTab = await listen(admin);
    const hub = liveHubOf(contextOf({ app: server.server.app }))!;
    const ids = Array.from({ length: 120 }, (_, n) => String(100_000 + n));
    hub.publish({ live: LIVE_RESOURCES.get('contacts')!, kind: 'deleted', accountId: 1, ids });
    await expect.poll(() => adminTab.heard.length, { timeout: 2000 }).toBe(1);
    expect(adminTab.heard[0]).toEqual({ resource: 'contacts', kind: 'deleted', ids: ids.slice(0, MAX_IDS_PER_EVENT), more: true });
  });

  test('a chat opened on the gateway is a created conversation (its uuid), its end an updated one; another account hears neither', async () => {
    const adminTab = await listen(admin);
    const otherAccount = await listen(viewer);
    const chatSocket = io(server.url, { transports: ['websocket'], auth: { token: admin.jar.decoded('chat_session') }, reconnection: false, forceNew: true });
    sockets.push(chatSocket);
    const keys: string[] = [];
    chatSocket.on('stream-message', (frame: { streamKey: string }) => keys.push(frame.streamKey));
    await new Promise<void>((resolve) => chatSocket.on('connect', () => resolve()));
    chatSocket.emit('chat-new-request', {});
    await expect.poll(() => adminTab.heard.some((e) => e.resource === 'conversations' && e.kind === 'created'), { timeout: 2000 }).toBe(true);
    const uuid = adminTab.heard.find((e) => e.resource === 'conversations')!.ids[0]!;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await admin(`/api/v1/reporting/conversations/${uuid}`)).status).toBe(200);
    chatSocket.emit('chat-end-request', { streamKey: keys[0] });
    await heardWithin2s(adminTab, 'conversations', 'updated', uuid);
    await settle();
    expect(otherAccount.heard).toEqual([]);
  });

  test('an evaluation submitted by its own path (PATCH /reporting/evaluations/:id) is an updated conversation (the row now shows its grade)', async () => {
    type Row = { uuid: string };
    type Card = { id: number; items: { id: number; kind: string }[] };
    const rows = ((await (await admin('/api/v1/reporting/conversations?filter[evaluation]=none&account_id=1&show=50')).json()) as { data: Row[] }).data;
    let target: { uuid: string; card: Card } | null = null;
    for (const row of rows) {
      const cards = ((await (await admin(`/api/v1/reporting/conversations/${row.uuid}/scorecards`)).json()) as { data: Card[] }).data;
      if (cards[0]) {
        target = { uuid: row.uuid, card: cards[0] };
        break;
      }
    }
    expect(target, 'a conversation of Acme with a scorecard that applies').not.toBeNull();
    const { uuid, card } = target!;
    const draft = await admin(`/api/v1/reporting/conversations/${uuid}/evaluations`, { method: 'POST', json: { scorecard_id: card.id, answers: {} } });
    expect(draft.status).toBe(201);
    const evaluation = ((await draft.json()) as { data: { id: number } }).data.id;
    await settle();
    const staffTab = await listen(staff);
    const otherAccount = await listen(viewer);
    const answers = Object.fromEntries(card.items.map((item) => [item.id, { value: item.kind === 'yes_no' ? 'yes' : '5' }]));
    const submitted = await admin(`/api/v1/reporting/evaluations/${evaluation}`, { method: 'PATCH', json: { answers, status: 'submitted' } });
    expect(submitted.status).toBe(200);
    await heardWithin2s(staffTab, 'conversations', 'updated', uuid);
    await settle();
    expect(otherAccount.heard).toEqual([]);
  });

  test('a socket without a live session is refused; signing out drops it at the next change', async () => {
    const refused = io(`${server.url}/live`, { transports: ['websocket'], auth: { token: 'f'.repeat(64) }, reconnection: false, forceNew: true });
    sockets.push(refused);
    expect(await new Promise<string>((resolve) => refused.on('connect_error', (error) => resolve(error.message)))).toBe('unauthenticated');

    const leaving = await signedInClient(server.url, 'admin@example.com');
    const tab = await listen(leaving);
    const dropped = new Promise<void>((resolve) => tab.socket.on('disconnect', () => resolve()));
    expect((await leaving('/logout', { method: 'POST' })).status).toBeLessThan(400);
    await created(admin, '/api/v1/contacts', { name: 'After sign-out', phone_number: '+15555550142' });
    await dropped;
    expect(tab.heard).toEqual([]);
  });
});
