import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer } from '../../server/testing';
import { parseWatchAnswer, parseWatchMessage } from '../../src/api/liveWatch';
import { startFastChatServer } from '../support/fastChatServer';
import { signedInClient } from '../support/signedIn';

/**
 * Live watch over real HTTP and real socket.io frames (docs/live-watch.md): the permission
 * (Live-Watch read) and the account are enforced by the API and by the gateway, and what a
 * watcher receives is what the portal parses.
 */

type Client = Awaited<ReturnType<typeof signedInClient>>;
interface WatchFrame {
  conversationId: string;
  seq: number;
  event: { type: string; role?: string; msg?: string; messageId?: string; text?: string; delta?: string };
}

let server: TestServer;
let admin: Client;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startFastChatServer();
  admin = await signedInClient(server.url, 'admin@example.com');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

/** A user of `account` with `role` (signs in with the demo password). */
async function userOf(email: string, account: string, role: string): Promise<Client> {
  const { db } = server.server;
  const hash = (db.prepare("SELECT password_hash FROM users WHERE email = 'admin@example.com'").get() as { password_hash: string }).password_hash;
  const accountId = (db.prepare('SELECT id FROM accounts WHERE name = ?').get(account) as { id: number }).id;
  const id = Number(db.prepare("INSERT INTO users (account_id, name, email, password_hash, email_verified_at) VALUES (?, 'Test User', ?, ?, '2026-01-01T00:00:00.000Z')").run(accountId, email, hash).lastInsertRowid);
  const roleId = (db.prepare('SELECT id FROM roles WHERE name = ?').get(role) as { id: number }).id;
  db.prepare('INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)').run(id, roleId);
  return signedInClient(server.url, email);
}

async function socketOf(client: Client): Promise<{ socket: Socket; frames: WatchFrame[]; streamFrames: unknown[] }> {
  const socket = io(server.url, { transports: ['websocket'], auth: { token: client.jar.decoded('chat_session') }, reconnection: false, forceNew: true });
  sockets.push(socket);
  const frames: WatchFrame[] = [];
  const streamFrames: unknown[] = [];
  socket.on('conversation-watch-message', (frame: WatchFrame) => frames.push(frame));
  socket.on('stream-message', (frame: unknown) => streamFrames.push(frame));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, frames, streamFrames };
}

const watch = (socket: Socket, conversationId: string) => socket.timeout(2000).emitWithAck('conversation-watch', { conversationId }) as Promise<unknown>;
const liveStatus = (client: Client, conversationId: string) => client(`/api/v1/reporting/conversations/${conversationId}/live`);

/** The admin (operator) opens a chat; its stream key and conversation uuid. */
async function operatorChat(operator: Awaited<ReturnType<typeof socketOf>>): Promise<{ streamKey: string; conversationId: string }> {
  await operator.socket.timeout(2000).emitWithAck('chat-sessions', {});
  operator.socket.emit('chat-new-request', {});
  await expect.poll(() => operator.streamFrames.length).toBeGreaterThanOrEqual(2);
  const { streamKey } = operator.streamFrames[0] as { streamKey: string };
  const answer = (await operator.socket.timeout(2000).emitWithAck('chat-sessions', {})) as { chats: { streamKey: string; conversationId: string }[] };
  return { streamKey, conversationId: answer.chats.find((c) => c.streamKey === streamKey)!.conversationId };
}

describe('live watch (Live-Watch read)', () => {
  test('a supervisor of the account watches a chat stream read-only until it ends', async () => {
    const operator = await socketOf(admin);
    const { streamKey, conversationId } = await operatorChat(operator);
    const supervisor = await userOf('sue.supervisor@example.com', 'Acme Support', 'Staff');

    const status = await liveStatus(supervisor, conversationId);
    expect(status.status).toBe(200);
    expect(((await status.json()) as { data: unknown }).data).toMatchObject({ uuid: conversationId, channel: 'chat', live: true });

    const watcher = await socketOf(supervisor);
    const answer = await watch(watcher.socket, conversationId);
    const snapshot = parseWatchAnswer(answer);
    expect(snapshot).toMatchObject({ lastSeq: 2, typing: null });
    expect(typeof snapshot === 'object' && snapshot.transcript.map((l) => [l.role, l.text])).toEqual([['system', 'Chat started with Demo bot.'], ['bot', 'Hello! I am the demo bot. Ask me anything.']]);

    operator.socket.emit('chat-send-message', { streamKey, message: 'hello supervisor', options: { messageId: 'm-1' } });
    await expect.poll(() => watcher.frames.some((f) => f.event.type === 'typing-delta-end')).toBe(true);
    const types = watcher.frames.map((f) => f.event.type);
    expect(types[0]).toBe('message');
    expect(types).toEqual(expect.arrayContaining(['ttfb-start', 'typing-delta-start', 'typing-delta', 'typing-delta-end']));
    // Named by conversation, numbered on from the snapshot, without the operator tab's message id.
    expect(watcher.frames[0]).toMatchObject({ conversationId, seq: 3, event: { type: 'message', role: 'user', msg: 'hello supervisor' } });
    expect(watcher.frames[0]!.event.messageId).toBeUndefined();
    expect(parseWatchMessage(watcher.frames[0], conversationId, Date.now())?.event).toEqual({ type: 'message', role: 'user', msg: 'hello supervisor' });
    expect(parseWatchMessage(watcher.frames[0], 'another-conversation', Date.now())).toBeNull();
    // Read-only: the watcher never gets the operator's stream, and cannot act on it.
    expect(watcher.streamFrames).toEqual([]);
    const before = operator.streamFrames.length;
    watcher.socket.emit('chat-send-message', { streamKey, message: 'taking over', options: {} });
    watcher.socket.emit('chat-end-request', { streamKey });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(operator.streamFrames.length).toBe(before);

    operator.socket.emit('chat-end-request', { streamKey });
    await expect.poll(() => watcher.frames.some((f) => f.event.type === 'terminate')).toBe(true);
    // Ended: no longer live, for the API and the gateway alike.
    expect(((await (await liveStatus(supervisor, conversationId)).json()) as { data: unknown }).data).toMatchObject({ live: false });
    expect(parseWatchAnswer(await watch((await socketOf(supervisor)).socket, conversationId))).toBe('not-live');
  });

  test('without Live-Watch: 403 over HTTP and "forbidden" in the gateway; another account: 404 and "not-found"', async () => {
    const operator = await socketOf(admin);
    const { conversationId } = await operatorChat(operator);

    // The viewer reads every section of Globex but does not supervise.
    const viewer = await signedInClient(server.url, 'viewer@example.com');
    expect((await liveStatus(viewer, conversationId)).status).toBe(403);
    const viewerSocket = await socketOf(viewer);
    expect(await watch(viewerSocket.socket, conversationId)).toEqual({ ok: false, error: 'forbidden' });

    // A supervisor of another account: the conversation is not theirs to know of.
    const other = await userOf('gil.globex@example.com', 'Globex Sales', 'Staff');
    const missing = await liveStatus(other, conversationId);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Conversation not found.');
    const otherSocket = await socketOf(other);
    expect(await watch(otherSocket.socket, conversationId)).toEqual({ ok: false, error: 'not-found' });
    expect(await watch(otherSocket.socket, 'not-a-uuid')).toEqual({ ok: false, error: 'not-found' });

    // Neither receives anything of the chat.
    operator.socket.emit('chat-send-message', { streamKey: (operator.streamFrames[0] as { streamKey: string }).streamKey, message: 'private', options: {} });
    await expect.poll(() => operator.streamFrames.some((f) => (f as WatchFrame).event.type === 'typing-delta-end')).toBe(true);
    expect(viewerSocket.frames).toEqual([]);
    expect(otherSocket.frames).toEqual([]);

    // Signed out: 401.
    const guest = await fetch(`${server.url}/api/v1/reporting/conversations/${conversationId}/live`, { headers: { Accept: 'application/json' } });
    expect(guest.status).toBe(401);
  });
});
