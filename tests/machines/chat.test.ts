import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { createServer, type PortalServer } from '../../server/app';
import { chatGatewayOf, type ChatGateway } from '../../server/chat/gateway';
import { contextOf } from '../../server/context';
import { chatMachine, connectionStatus, createChatSocketActor, type ChatActor, type RestoredChats } from '../../src/machines/chat';
import { createChatStore, keepChatsStored } from '../../src/machines/chatPersistence';
import type { ChatStreamActor, TranscriptEntry } from '../../src/machines/chatStream';
import { jarFetch } from '../support/cookieJar';
import { mswServer } from '../support/setupMsw';

// These tests talk to a real reference API and socket.io gateway over loopback: no msw.
beforeAll(() => mswServer.close());

const DEMO_REPLY = (said: string) => `Demo bot here. You said: “${said}”. My instructions: You are a friendly demo assistant.`;

interface Running {
  server: PortalServer;
  url: string;
  port: number;
  gateway: ChatGateway;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-machine-'));
const servers: PortalServer[] = [];
const actors: ChatActor[] = [];

async function startApi(dbFile: string, port = 0): Promise<Running> {
  const server = await createServer({ dbFile });
  servers.push(server);
  const bound = await server.listen(port);
  const gateway = chatGatewayOf(contextOf({ app: server.app }))!;
  // Quick replies keep the suite fast; their order and content are what is under test.
  gateway.options.firstByteDelayMs = 30;
  gateway.options.deltaIntervalMs = 2;
  return { server, url: `http://127.0.0.1:${bound}`, port: bound, gateway };
}

async function chatToken(url: string, email = 'admin@example.com'): Promise<string> {
  const request = jarFetch(url);
  await request('/sanctum/csrf-cookie');
  const response = await request('/login', { method: 'POST', json: { email, password: 'password' } });
  expect(response.status).toBe(200);
  return request.jar.decoded('chat_session')!;
}

function startChat(url: string, token: string, clock?: SimulatedClock, options: { restored?: RestoredChats | null; resumeTimeoutMs?: number } = {}): ChatActor {
  const machine = chatMachine.provide({ actors: { socket: createChatSocketActor({ url, token: () => token, resumeTimeoutMs: options.resumeTimeoutMs }) } });
  const input = { restored: options.restored ?? null };
  const actor = createActor(machine, clock ? { clock, input } : { input });
  actors.push(actor);
  actor.start();
  return actor;
}

const connected = (actor: ChatActor) => waitFor(actor, (s) => connectionStatus(s) === 2, { timeout: 5000 });
const current = (actor: ChatActor) => {
  const { chats, currentKey } = actor.getSnapshot().context;
  return chats.find((c) => c.streamKey === currentKey)!.ref;
};
const messages = (ref: ChatStreamActor) =>
  ref.getSnapshot().context.transcript.filter((e): e is Extract<TranscriptEntry, { kind: 'message' }> => e.kind === 'message');
const lastBotReply = (ref: ChatStreamActor) => messages(ref).filter((m) => m.role === 'bot').at(-1)?.msg;

async function openChat(actor: ChatActor): Promise<ChatStreamActor> {
  const before = actor.getSnapshot().context.chats.length;
  actor.send({ type: 'chat.open', title: 'Demo bot', target: {} });
  await waitFor(actor, (s) => s.context.chats.length === before + 1, { timeout: 5000 });
  const ref = current(actor);
  await waitFor(ref, (s) => s.context.transcript.length >= 2, { timeout: 5000 });
  return ref;
}

async function replyTo(actor: ChatActor, ref: ChatStreamActor, text: string): Promise<string> {
  const count = messages(ref).length;
  actor.send({ type: 'chat.send', streamKey: ref.getSnapshot().context.streamKey, text });
  await waitFor(ref, (s) => s.context.transcript.filter((e) => e.kind === 'message').length >= count + 2 && !s.matches({ open: 'typing' }), { timeout: 5000 });
  return lastBotReply(ref)!;
}

afterEach(async () => {
  for (const actor of actors.splice(0)) actor.stop();
  for (const server of servers.splice(0)) await server.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('chat connection against the real gateway', () => {
  test('connects (disconnected 0 → connecting 1 → connected 2) and keeps the ClientId the server sends', async () => {
    const api = await startApi(':memory:');
    const token = await chatToken(api.url);
    const seen: number[] = [];
    const actor = startChat(api.url, token);
    actor.subscribe((s) => {
      if (seen.at(-1) !== connectionStatus(s)) seen.push(connectionStatus(s));
    });
    expect(connectionStatus(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'chat.connect' });
    await connected(actor);
    await waitFor(actor, (s) => s.context.clientId !== null);
    expect(seen).toEqual([1, 2]);
    expect(api.gateway.connectedClients().map((c) => c.clientId)).toEqual([actor.getSnapshot().context.clientId]);
  });

  test('a token the gateway does not know: error 3 with the reason, next attempt 5000 ms later', async () => {
    const api = await startApi(':memory:');
    const actor = startChat(api.url, 'f'.repeat(64));
    actor.send({ type: 'chat.connect' });
    const failed = await waitFor(actor, (s) => connectionStatus(s) === 3, { timeout: 5000 });
    expect(failed.context.error).toBe('The chat gateway did not accept your session. Sign in again if this persists.');
    expect(failed.context.retryDelayMs).toBe(5000);
    expect(failed.context.clientId).toBeNull();
  });

  test('a reply arrives as deltas assembled in order into one bot message, with TTFB and its running average', async () => {
    const api = await startApi(':memory:');
    const actor = startChat(api.url, await chatToken(api.url));
    actor.send({ type: 'chat.connect' });
    await connected(actor);
    const chat = await openChat(actor);
    expect(chat.getSnapshot().context.title).toBe('Demo bot');
    expect(messages(chat).map((m) => [m.role, m.msg])).toEqual([['bot', 'Hello! I am the demo bot. Ask me anything.']]);

    const typed: string[] = [];
    const subscription = chat.subscribe((s) => {
      if (s.matches({ open: 'typing' }) && typed.at(-1) !== s.context.typing) typed.push(s.context.typing);
    });
    expect(await replyTo(actor, chat, 'hello there')).toBe(DEMO_REPLY('hello there'));
    subscription.unsubscribe();
    // Every intermediate typing text is a prefix of the next: nothing reordered or dropped.
    expect(typed.length).toBeGreaterThan(5);
    for (let i = 1; i < typed.length; i++) expect(typed[i]!.startsWith(typed[i - 1]!)).toBe(true);
    expect(typed.at(-1)).toBe(DEMO_REPLY('hello there'));
    expect(messages(chat).map((m) => m.role)).toEqual(['bot', 'user', 'bot']);

    const first = chat.getSnapshot().context;
    expect(first.ttfbCount).toBe(1);
    expect(first.lastTtfbMs).toBeGreaterThanOrEqual(25);
    expect(first.averageTtfbMs).toBe(first.lastTtfbMs);
    await replyTo(actor, chat, 'again');
    const second = chat.getSnapshot().context;
    expect(second.ttfbCount).toBe(2);
    expect(second.averageTtfbMs).toBeCloseTo((first.lastTtfbMs! + second.lastTtfbMs!) / 2, 6);
  });

  test('only non-empty text is sent', async () => {
    const api = await startApi(':memory:');
    const actor = startChat(api.url, await chatToken(api.url));
    actor.send({ type: 'chat.connect' });
    await connected(actor);
    const chat = await openChat(actor);
    actor.send({ type: 'chat.send', streamKey: chat.getSnapshot().context.streamKey, text: '   \n ' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(messages(chat)).toHaveLength(1);
  });

  test('several stream keys at once: each reply lands in its own chat; the newest chat is current; others count unread', async () => {
    const api = await startApi(':memory:');
    const actor = startChat(api.url, await chatToken(api.url));
    actor.send({ type: 'chat.connect' });
    await connected(actor);
    const chats = [await openChat(actor), await openChat(actor), await openChat(actor)];
    const keys = chats.map((c) => c.getSnapshot().context.streamKey);
    expect(new Set(keys).size).toBe(3);
    expect(actor.getSnapshot().context.currentKey).toBe(keys[2]);
    // Fire all three before any reply completes: the streams interleave on the one socket.
    chats.forEach((chat, i) => actor.send({ type: 'chat.send', streamKey: keys[i]!, text: `question ${i}` }));
    await Promise.all(chats.map((chat) => waitFor(chat, (s) => s.context.transcript.filter((e) => e.kind === 'message').length === 3 && !s.matches({ open: 'typing' }), { timeout: 5000 })));
    chats.forEach((chat, i) => expect(lastBotReply(chat)).toBe(DEMO_REPLY(`question ${i}`)));
    // Greetings arrived while each chat was current; the replies came while the first two were not.
    expect(chats.map((c) => c.getSnapshot().context.unread)).toEqual([1, 1, 0]);
    actor.send({ type: 'chat.select', streamKey: keys[0]! });
    expect(chats[0]!.getSnapshot().context.unread).toBe(0);
    actor.send({ type: 'chat.previous' });
    expect(actor.getSnapshot().context.currentKey).toBe(keys[2]);
    actor.send({ type: 'chat.next' });
    expect(actor.getSnapshot().context.currentKey).toBe(keys[0]);
  });

  test('end: the gateway terminates the chat; close removes it and late events never bring it back', async () => {
    const api = await startApi(':memory:');
    const actor = startChat(api.url, await chatToken(api.url));
    actor.send({ type: 'chat.connect' });
    await connected(actor);
    const first = await openChat(actor);
    const second = await openChat(actor);
    const firstKey = first.getSnapshot().context.streamKey;
    actor.send({ type: 'chat.end', streamKey: firstKey });
    await waitFor(first, (s) => s.matches('ended'), { timeout: 5000 });
    expect(first.getSnapshot().context.transcript.at(-1)).toMatchObject({ kind: 'system', text: 'Chat ended by the operator.' });
    actor.send({ type: 'chat.send', streamKey: firstKey, text: 'anyone?' });
    expect(messages(first).filter((m) => m.role === 'user')).toHaveLength(0);

    actor.send({ type: 'chat.select', streamKey: firstKey });
    actor.send({ type: 'chat.close', streamKey: firstKey });
    expect(actor.getSnapshot().context.chats.map((c) => c.streamKey)).toEqual([second.getSnapshot().context.streamKey]);
    expect(actor.getSnapshot().context.currentKey).toBe(second.getSnapshot().context.streamKey);
    expect(actor.getSnapshot().children[`chat:${firstKey}`]).toBeUndefined();
    actor.send({ type: 'socket.message', message: { streamKey: firstKey, timestamp: new Date().toISOString(), event: { type: 'system', text: 'late' } }, receivedAt: Date.now() });
    expect(actor.getSnapshot().context.chats).toHaveLength(1);
  });

  test('after the server restarts: 5 s to the first retry, 10 s after a failed one; the stored chat comes back with the cut reply kept and said so', async () => {
    const dbFile = path.join(dir, 'restart.sqlite');
    let api = await startApi(dbFile);
    const token = await chatToken(api.url);
    const clock = new SimulatedClock();
    const actor = startChat(api.url, token, clock);
    actor.send({ type: 'chat.connect' });
    await connected(actor);
    const chat = await openChat(actor);
    await replyTo(actor, chat, 'before');
    const firstClientId = actor.getSnapshot().context.clientId;

    // A slow reply, cut part-way by the server going down.
    api.gateway.options.deltaIntervalMs = 40;
    actor.send({ type: 'chat.send', streamKey: chat.getSnapshot().context.streamKey, text: 'cut me off' });
    await waitFor(chat, (s) => s.context.typing.length > 10, { timeout: 5000 });
    await api.server.close();
    const dropped = await waitFor(actor, (s) => connectionStatus(s) === 3, { timeout: 5000 });
    expect(dropped.context.retryDelayMs).toBe(5000);

    clock.increment(4999);
    expect(connectionStatus(actor.getSnapshot())).toBe(3);
    clock.increment(1);
    expect(connectionStatus(actor.getSnapshot())).toBe(1);
    // Still down: the attempt fails and the next one waits twice as long.
    const refused = await waitFor(actor, (s) => connectionStatus(s) === 3, { timeout: 5000 });
    expect(refused.context.retryDelayMs).toBe(10000);

    api = await startApi(dbFile, api.port);
    clock.increment(9999);
    expect(connectionStatus(actor.getSnapshot())).toBe(3);
    clock.increment(1);
    await connected(actor);
    await waitFor(actor, (s) => s.context.clientId !== null);
    expect(actor.getSnapshot().context.clientId).not.toBe(firstClientId);
    expect(actor.getSnapshot().context.attempt).toBe(0);
    // The restarted gateway lists the stored chat: the reply as far as it came, and a note saying it was cut.
    await waitFor(chat, (s) => s.matches({ open: 'idle' }) && s.context.transcript.at(-1)?.kind === 'system', { timeout: 5000 });
    expect(actor.getSnapshot().context.sessions).toBe('supported');
    const cut = messages(chat).at(-1)!;
    expect(cut.role).toBe('bot');
    expect(DEMO_REPLY('cut me off').startsWith(cut.msg)).toBe(true);
    expect(cut.msg.length).toBeLessThan(DEMO_REPLY('cut me off').length);
    expect(chat.getSnapshot().context.transcript.at(-1)).toMatchObject({ kind: 'system', text: 'The chat gateway restarted: this reply was cut off.' });

    // Transcript intact, nothing duplicated; the same chat goes on with the restarted gateway.
    const before = messages(chat).map((m) => m.msg);
    expect(await replyTo(actor, chat, 'after')).toBe(DEMO_REPLY('after'));
    expect(messages(chat).map((m) => m.msg)).toEqual([...before, 'after', DEMO_REPLY('after')]);
  });
});

/** sessionStorage as a Map: what the portal saves on `pagehide` and reads after the reload. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

/** A page reload: the page saves its chats as it goes, its socket closes, a new page restores them. */
function reload(actor: ChatActor, url: string, token: string, options: { resumeTimeoutMs?: number } = {}): ChatActor {
  const storage = memoryStorage();
  const store = createChatStore(storage);
  const stopSaving = keepChatsStored(actor, store, { owner: () => '1' });
  stopSaving(); // saves once more, as `pagehide` does
  actor.stop();
  expect(storage.items.size).toBe(1);
  return startChat(url, token, undefined, { restored: store.load('1'), ...options });
}

const userMessages = (ref: ChatStreamActor) => messages(ref).filter((m) => m.role === 'user').map((m) => m.msg);
const chatNamed = (actor: ChatActor, key: string) => actor.getSnapshot().context.chats.find((c) => c.streamKey === key)!.ref;

describe('chats that survive a reload (the gateway resume extension)', () => {
  test('reload mid-reply: the restored chats resume and every character arrives once; drafts and the current chat come back', async () => {
    const api = await startApi(':memory:');
    const token = await chatToken(api.url);
    const actor = startChat(api.url, token);
    actor.send({ type: 'chat.connect' });
    await connected(actor);
    const first = await openChat(actor);
    const second = await openChat(actor);
    await replyTo(actor, first, 'settled before');
    const keys = [first, second].map((c) => c.getSnapshot().context.streamKey);
    api.gateway.options.deltaIntervalMs = 25;
    actor.send({ type: 'chat.send', streamKey: keys[0]!, text: 'streaming one' });
    actor.send({ type: 'chat.send', streamKey: keys[1]!, text: 'streaming two' });
    second.send({ type: 'stream.draft', text: 'half-typed' });
    await waitFor(first, (s) => s.context.typing.length > 10, { timeout: 5000 });

    const restored = reload(actor, api.url, token);
    // While the page is gone, the gateway keeps both replies going into its buffer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(restored.getSnapshot().context.chats.map((c) => c.streamKey)).toEqual(keys);
    expect(restored.getSnapshot().context.currentKey).toBe(keys[1]);
    restored.send({ type: 'chat.connect' });
    await connected(restored);
    const [one, two] = keys.map((key) => chatNamed(restored, key)) as [ChatStreamActor, ChatStreamActor];
    await waitFor(one, (s) => s.context.transcript.filter((e) => e.kind === 'message').length === 5 && s.matches({ open: 'idle' }), { timeout: 8000 });
    await waitFor(two, (s) => s.context.transcript.filter((e) => e.kind === 'message').length === 3 && s.matches({ open: 'idle' }), { timeout: 8000 });

    // Nothing lost, nothing twice: the exact texts, in order, and not one extra entry.
    expect(messages(one).map((m) => m.msg)).toEqual([messages(one)[0]!.msg, 'settled before', DEMO_REPLY('settled before'), 'streaming one', DEMO_REPLY('streaming one')]);
    expect(messages(two).map((m) => m.msg).slice(1)).toEqual(['streaming two', DEMO_REPLY('streaming two')]);
    expect(messages(one).some((m) => m.interrupted)).toBe(false);
    expect(two.getSnapshot().context.draft).toBe('half-typed');
    // The chat goes on with the same stream on the gateway.
    expect(await replyTo(restored, one, 'after the reload')).toBe(DEMO_REPLY('after the reload'));
    expect(userMessages(one)).toEqual(['settled before', 'streaming one', 'after the reload']);
  });

  test('a dropped connection (gateway still up) resumes on reconnect: the reply streamed meanwhile arrives whole', async () => {
    const api = await startApi(':memory:');
    const token = await chatToken(api.url);
    const clock = new SimulatedClock();
    const actor = startChat(api.url, token, clock);
    actor.send({ type: 'chat.connect' });
    await connected(actor);
    const chat = await openChat(actor);
    api.gateway.options.deltaIntervalMs = 20;
    actor.send({ type: 'chat.send', streamKey: chat.getSnapshot().context.streamKey, text: 'keep going' });
    await waitFor(chat, (s) => s.context.typing.length > 5, { timeout: 5000 });
    api.gateway.io.disconnectSockets(true);
    await waitFor(actor, (s) => connectionStatus(s) === 3, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    clock.increment(5000);
    await connected(actor);
    await waitFor(chat, (s) => s.context.transcript.filter((e) => e.kind === 'message').length === 3 && s.matches({ open: 'idle' }), { timeout: 8000 });
    expect(messages(chat).map((m) => m.msg).slice(1)).toEqual(['keep going', DEMO_REPLY('keep going')]);
    expect(messages(chat).some((m) => m.interrupted)).toBe(false);
  });

  test('grace expiry: after the grace period the gateway stops the reply; the reloaded page lists it as far as it came, with a note, and the chat goes on', async () => {
    const api = await startApi(':memory:');
    api.gateway.options.resumeGraceMs = 150;
    const token = await chatToken(api.url);
    const actor = startChat(api.url, token);
    actor.send({ type: 'chat.connect' });
    await connected(actor);
    const chat = await openChat(actor);
    const key = chat.getSnapshot().context.streamKey;
    api.gateway.options.deltaIntervalMs = 40;
    actor.send({ type: 'chat.send', streamKey: key, text: 'too slow' });
    await waitFor(chat, (s) => s.context.typing.length > 5, { timeout: 5000 });

    const restored = reload(actor, api.url, token);
    await new Promise((resolve) => setTimeout(resolve, 400));
    restored.send({ type: 'chat.connect' });
    await connected(restored);
    const back = chatNamed(restored, key);
    await waitFor(back, (s) => s.context.transcript.at(-1)?.kind === 'system', { timeout: 5000 });
    const cut = messages(back).at(-1)!;
    expect(cut.role).toBe('bot');
    expect(DEMO_REPLY('too slow').startsWith(cut.msg) && cut.msg.length < DEMO_REPLY('too slow').length).toBe(true);
    expect(back.getSnapshot().context.transcript.at(-1)).toMatchObject({ text: 'No one was connected to this chat for a while: the reply stopped here.' });
    expect(back.getSnapshot().matches('ended')).toBe(false);
    api.gateway.options.deltaIntervalMs = 2;
    expect(await replyTo(restored, back, 'still there?')).toBe(DEMO_REPLY('still there?'));
  });

  test('a gateway without the extension: the reloaded chats end as "reloaded", transcript kept, read-only', async () => {
    const api = await startApi(':memory:');
    api.gateway.options.resumable = false;
    const token = await chatToken(api.url);
    const actor = startChat(api.url, token);
    actor.send({ type: 'chat.connect' });
    await connected(actor);
    const chat = await openChat(actor);
    const key = chat.getSnapshot().context.streamKey;
    await replyTo(actor, chat, 'remember me');
    const before = chat.getSnapshot().context.transcript.map((e) => (e.kind === 'message' ? e.msg : e.text));

    const restored = reload(actor, api.url, token, { resumeTimeoutMs: 300 });
    restored.send({ type: 'chat.connect' });
    await connected(restored);
    const back = chatNamed(restored, key);
    await waitFor(back, (s) => s.matches('ended'), { timeout: 5000 });
    expect(back.getSnapshot().context.endedByReload).toBe(true);
    const after = back.getSnapshot().context.transcript.map((e) => (e.kind === 'message' ? e.msg : e.text));
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toContain('cannot resume chats');
    restored.send({ type: 'chat.send', streamKey: key, text: 'hello?' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(userMessages(back)).toEqual(['remember me']);
  });

  test('a resume of another user\'s stream is answered "gone" and replays nothing; the owner keeps the chat', async () => {
    const api = await startApi(':memory:');
    const owner = startChat(api.url, await chatToken(api.url));
    owner.send({ type: 'chat.connect' });
    await connected(owner);
    const chat = await openChat(owner);
    const key = chat.getSnapshot().context.streamKey;

    const { io } = await import('socket.io-client');
    const other = io(api.url, { transports: ['websocket'], auth: { token: await chatToken(api.url, 'viewer@example.com') }, reconnection: false, forceNew: true });
    const received: unknown[] = [];
    other.on('stream-message', (message: unknown) => received.push(message));
    await new Promise<void>((resolve) => other.on('connect', () => resolve()));
    const answer: unknown = await other.timeout(2000).emitWithAck('chat-resume', { streamKey: key, afterSeq: 0 });
    other.disconnect();
    expect(answer).toEqual({ ok: false, error: 'gone' });
    expect(received).toEqual([]);
    expect(await replyTo(owner, chat, 'mine')).toBe(DEMO_REPLY('mine'));
  });
});
