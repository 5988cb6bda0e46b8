import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createServer, type PortalServer } from '../../server/app';
import { chatGatewayOf, type ChatGateway } from '../../server/chat/gateway';
import { contextOf } from '../../server/context';
import { chatMachine, connectionStatus, createChatSocketActor, type ChatActor } from '../../src/machines/chat';
import type { ChatStreamActor, TranscriptEntry } from '../../src/machines/chatStream';
import { jarFetch } from '../support/cookieJar';
import { mswServer } from '../support/setupMsw';

// A real reference API and socket.io gateway over loopback; each actor is one tab (or browser).
beforeAll(() => mswServer.close());

const servers: PortalServer[] = [];
const tabs: ChatActor[] = [];
afterEach(async () => {
  for (const tab of tabs.splice(0)) tab.stop();
  for (const server of servers.splice(0)) await server.close();
});

async function startApi(): Promise<{ url: string; gateway: ChatGateway }> {
  const server = await createServer({ dbFile: ':memory:' });
  servers.push(server);
  const port = await server.listen(0);
  const gateway = chatGatewayOf(contextOf({ app: server.app }))!;
  gateway.options.firstByteDelayMs = 30;
  gateway.options.deltaIntervalMs = 2;
  return { url: `http://127.0.0.1:${port}`, gateway };
}

/** A sign-in (one browser profile): its chat session token. */
async function signIn(url: string, email = 'admin@example.com'): Promise<string> {
  const request = jarFetch(url);
  await request('/sanctum/csrf-cookie');
  expect((await request('/login', { method: 'POST', json: { email, password: 'password' } })).status).toBe(200);
  return request.jar.decoded('chat_session')!;
}

async function openTab(url: string, token: string): Promise<ChatActor> {
  const tab = createActor(chatMachine.provide({ actors: { socket: createChatSocketActor({ url, token: () => token, resumeTimeoutMs: 1500 }) } }), { input: {} });
  tabs.push(tab);
  tab.start();
  tab.send({ type: 'chat.connect' });
  await waitFor(tab, (s) => connectionStatus(s) === 2 && s.context.sessions !== 'unknown', { timeout: 5000 });
  return tab;
}

const keys = (tab: ChatActor) => tab.getSnapshot().context.chats.map((c) => c.streamKey);
const chatIn = (tab: ChatActor, key: string) => tab.getSnapshot().context.chats.find((c) => c.streamKey === key)!.ref;
const said = (ref: ChatStreamActor) =>
  ref.getSnapshot().context.transcript.filter((e): e is Extract<TranscriptEntry, { kind: 'message' }> => e.kind === 'message').map((m) => `${m.role}: ${m.msg}`);
const settled = (ref: ChatStreamActor, lines: number) => waitFor(ref, (s) => said({ getSnapshot: () => s } as ChatStreamActor).length >= lines && !s.matches({ open: 'typing' }), { timeout: 5000 });

async function openChats(tab: ChatActor, count: number): Promise<string[]> {
  for (let i = 0; i < count; i++) {
    const before = keys(tab).length;
    tab.send({ type: 'chat.open', title: 'Demo bot', target: {} });
    await waitFor(tab, (s) => s.context.chats.length === before + 1, { timeout: 5000 });
  }
  return keys(tab);
}

const DEMO_REPLY = (text: string) => `Demo bot here. You said: “${text}”. My instructions: You are a friendly demo assistant.`;
const GREETING = 'bot: Hello! I am the demo bot. Ask me anything.';

describe('chats kept by the gateway (the sessions extension)', () => {
  test('a second tab lists the three open chats with their history, and a message sent from either shows in both, once', async () => {
    const api = await startApi();
    const token = await signIn(api.url);
    const first = await openTab(api.url, token);
    expect(first.getSnapshot().context.sessions).toBe('supported');
    const opened = await openChats(first, 3);
    expect(first.getSnapshot().context.currentKey).toBe(opened[2]);
    first.send({ type: 'chat.send', streamKey: opened[0]!, text: 'from the first tab' });
    await settled(chatIn(first, opened[0]!), 3);

    const second = await openTab(api.url, token);
    expect(keys(second)).toEqual(opened);
    expect(said(chatIn(second, opened[0]!))).toEqual([GREETING, 'user: from the first tab', `bot: ${DEMO_REPLY('from the first tab')}`]);

    second.send({ type: 'chat.send', streamKey: opened[1]!, text: 'from the second tab' });
    const expected = [GREETING, 'user: from the second tab', `bot: ${DEMO_REPLY('from the second tab')}`];
    await settled(chatIn(first, opened[1]!), 3);
    await settled(chatIn(second, opened[1]!), 3);
    expect(said(chatIn(first, opened[1]!))).toEqual(expected);
    expect(said(chatIn(second, opened[1]!))).toEqual(expected);
    // A chat another tab opens joins this tab's list without taking the operator away from theirs.
    const currentBefore = first.getSnapshot().context.currentKey;
    second.send({ type: 'chat.open', title: 'Demo bot', target: {} });
    await waitFor(first, (s) => s.context.chats.length === 4, { timeout: 5000 });
    await waitFor(second, (s) => s.context.chats.length === 4, { timeout: 5000 });
    expect(first.getSnapshot().context.currentKey).toBe(currentBefore);
    expect(second.getSnapshot().context.currentKey).toBe(keys(second)[3]);
  });

  test('closing every tab loses nothing: a new browser of the same user gets every chat; another user gets none', async () => {
    const api = await startApi();
    const token = await signIn(api.url);
    const tab = await openTab(api.url, token);
    const opened = await openChats(tab, 3);
    tab.send({ type: 'chat.send', streamKey: opened[2]!, text: 'remember me' });
    await settled(chatIn(tab, opened[2]!), 3);
    tab.stop();

    const elsewhere = await openTab(api.url, await signIn(api.url));
    expect(keys(elsewhere)).toEqual(opened);
    const kept = chatIn(elsewhere, opened[2]!).getSnapshot().context;
    expect(said(chatIn(elsewhere, opened[2]!))).toEqual([GREETING, 'user: remember me', `bot: ${DEMO_REPLY('remember me')}`]);
    // Time to first byte travels with the stored reply.
    expect(kept.ttfbCount).toBe(1);
    expect(kept.averageTtfbMs).toBeGreaterThanOrEqual(0);
    // The chat goes on from the new browser.
    elsewhere.send({ type: 'chat.send', streamKey: opened[2]!, text: 'still here' });
    await settled(chatIn(elsewhere, opened[2]!), 5);

    const stranger = await openTab(api.url, await signIn(api.url, 'viewer@example.com'));
    expect(keys(stranger)).toEqual([]);
  });

  test('ending a chat ends it in every tab; closing it takes it off every tab and off the next tab\'s list', async () => {
    const api = await startApi();
    const token = await signIn(api.url);
    const first = await openTab(api.url, token);
    const [a, b] = await openChats(first, 2);
    const second = await openTab(api.url, token);

    second.send({ type: 'chat.end', streamKey: a! });
    await waitFor(chatIn(first, a!), (s) => s.matches('ended'), { timeout: 5000 });
    await waitFor(chatIn(second, a!), (s) => s.matches('ended'), { timeout: 5000 });

    first.send({ type: 'chat.close', streamKey: b! });
    await waitFor(second, (s) => !s.context.chats.some((c) => c.streamKey === b), { timeout: 5000 });
    expect(keys(first)).toEqual([a]);
    const third = await openTab(api.url, token);
    expect(keys(third)).toEqual([a]);
    expect(chatIn(third, a!).getSnapshot().matches('ended')).toBe(true);
  });

  test('a gateway without the extension: the tab asks once, then keeps its chats to itself as SPEC §7 does', async () => {
    const api = await startApi();
    api.gateway.options.resumable = false;
    const token = await signIn(api.url);
    const first = await openTab(api.url, token);
    expect(first.getSnapshot().context.sessions).toBe('unsupported');
    const opened = await openChats(first, 1);
    const second = await openTab(api.url, token);
    expect(keys(second)).toEqual([]);
    first.send({ type: 'chat.send', streamKey: opened[0]!, text: 'only here' });
    await settled(chatIn(first, opened[0]!), 3);
    expect(said(chatIn(first, opened[0]!))).toEqual([GREETING, 'user: only here', `bot: ${DEMO_REPLY('only here')}`]);
    expect(keys(second)).toEqual([]);
  });
});
