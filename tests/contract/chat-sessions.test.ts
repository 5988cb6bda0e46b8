import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer } from '../../server/testing';
import { parseSessionsAnswer } from '../../src/api/chatSessions';
import { parseStreamMessage } from '../../src/api/chatSocket';
import { startFastChatServer } from '../support/fastChatServer';
import { signedInClient } from '../support/signedIn';

/**
 * The sessions extension over real socket.io frames (docs/chat-sessions.md), and chats as
 * conversations over real HTTP: what a backend team implements, checked against what the portal parses.
 */

interface Frame {
  streamKey: string;
  seq: number;
  requestId?: string;
  title?: string;
  event: { type: string; role?: string; msg?: string; messageId?: string; text?: string };
}

let server: TestServer;
let client: Awaited<ReturnType<typeof signedInClient>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startFastChatServer();
  client = await signedInClient(server.url, 'admin@example.com');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

/** One tab's socket, with every stream-message it receives. */
async function tab(): Promise<{ socket: Socket; frames: Frame[] }> {
  const socket = io(server.url, { transports: ['websocket'], auth: { token: client.jar.decoded('chat_session') }, reconnection: false, forceNew: true });
  sockets.push(socket);
  const frames: Frame[] = [];
  socket.on('stream-message', (frame: Frame) => frames.push(frame));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, frames };
}

const listSessions = (socket: Socket) => socket.timeout(2000).emitWithAck('chat-sessions', {}) as Promise<unknown>;
const json = async (path: string) => (await (await client(path)).json()) as { data: Record<string, unknown> & Record<string, unknown>[] };
const activeNow = async () => (await json('/api/v1/reporting/global')).data.active as number;

describe('the chat gateway keeps chats (sessions extension)', () => {
  test('chat-sessions answers the open chats; a new chat names its request; a message echoes to the user\'s other tabs with its id; a SPEC-only socket gets no echo', async () => {
    const activeBefore = await activeNow();
    const first = await tab();
    const plain = await tab();
    expect(await listSessions(first.socket)).toEqual({ ok: true, chats: [] });

    first.socket.emit('chat-new-request', { requestId: 'req-1' });
    await expect.poll(() => first.frames.length).toBeGreaterThanOrEqual(2);
    const opening = first.frames[0]!;
    expect(opening).toMatchObject({ seq: 1, requestId: 'req-1', title: 'Demo bot', event: { type: 'system' } });
    expect(parseStreamMessage(opening, Date.now())?.requestId).toBe('req-1');
    const { streamKey } = opening;

    const second = await tab();
    const answer = await listSessions(second.socket);
    const listed = parseSessionsAnswer(answer)!;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ streamKey, title: 'Demo bot', ended: false, lastSeq: 2, typing: null });
    expect(listed[0]!.transcript.map((l) => [l.role, l.text])).toEqual([['system', 'Chat started with Demo bot.'], ['bot', 'Hello! I am the demo bot. Ask me anything.']]);

    first.socket.emit('chat-send-message', { streamKey, message: 'hello from one', options: { messageId: 'm-1' } });
    const replied = (frames: Frame[]) => frames.some((f) => f.event.type === 'typing-delta-end');
    await expect.poll(() => replied(first.frames) && replied(second.frames)).toBe(true);
    for (const frames of [first.frames, second.frames]) {
      expect(frames.filter((f) => f.event.type === 'message' && f.event.role === 'user')).toEqual([
        expect.objectContaining({ streamKey, event: { type: 'message', role: 'user', msg: 'hello from one', messageId: 'm-1' } }),
      ]);
    }
    expect(plain.frames).toEqual([]);

    // The chat is a conversation: chat, active while live, its transcript growing with each reply's first-byte time.
    const conversationId = listed[0]!.conversationId!;
    const row = (await json(`/api/v1/reporting/conversations?filter[uuid]=${conversationId}`)).data[0]!;
    expect(row).toMatchObject({ uuid: conversationId, channel: 'chat', status: 'active' });
    expect(await activeNow()).toBe(activeBefore + 1);
    const lines = (await json(`/api/v1/reporting/conversations/${row.id}/transcript`)).data as unknown as { role: string; text: string; ttfb_ms?: number }[];
    expect(lines.map((l) => l.role)).toEqual(['system', 'bot', 'user', 'bot']);
    expect(lines[3]!.ttfb_ms).toBeGreaterThanOrEqual(0);
    expect(lines[1]!.ttfb_ms).toBeUndefined();

    // Ending it ends it in every tab, and the conversation completes.
    second.socket.emit('chat-end-request', { streamKey });
    const ended = (frames: Frame[]) => frames.some((f) => f.event.type === 'terminate');
    await expect.poll(() => ended(first.frames) && ended(second.frames)).toBe(true);
    expect((await json(`/api/v1/reporting/conversations?filter[uuid]=${conversationId}`)).data[0]).toMatchObject({ status: 'completed' });
    expect(await activeNow()).toBe(activeBefore);
    expect(parseSessionsAnswer(await listSessions(second.socket))![0]).toMatchObject({ streamKey, ended: true });

    // chat-close takes it off the list and tells the user's other tabs.
    const closed: unknown[] = [];
    first.socket.on('chat-closed', (payload) => closed.push(payload));
    second.socket.emit('chat-close', { streamKey });
    await expect.poll(() => closed).toEqual([{ streamKey }]);
    expect(await listSessions(first.socket)).toEqual({ ok: true, chats: [] });
  });

  test('another user can neither list, resume, send to, end nor close someone\'s chat', async () => {
    const owner = await tab();
    await listSessions(owner.socket);
    owner.socket.emit('chat-new-request', {});
    await expect.poll(() => owner.frames.length).toBeGreaterThanOrEqual(2);
    const { streamKey } = owner.frames[0]!;

    const stranger = await signedInClient(server.url, 'viewer@example.com');
    const socket = io(server.url, { transports: ['websocket'], auth: { token: stranger.jar.decoded('chat_session') }, reconnection: false, forceNew: true });
    sockets.push(socket);
    const seen: unknown[] = [];
    socket.on('stream-message', (frame) => seen.push(frame));
    await new Promise((resolve) => socket.on('connect', () => resolve(null)));
    expect(await socket.timeout(2000).emitWithAck('chat-sessions', {})).toEqual({ ok: true, chats: [] });
    expect(await socket.timeout(2000).emitWithAck('chat-resume', { streamKey, afterSeq: 0 })).toEqual({ ok: false, error: 'gone' });
    socket.emit('chat-send-message', { streamKey, message: 'not yours', options: {} });
    socket.emit('chat-end-request', { streamKey });
    socket.emit('chat-close', { streamKey });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
    expect(owner.frames.some((f) => f.event.type === 'terminate' || f.event.msg === 'not yours')).toBe(false);
    expect(parseSessionsAnswer(await listSessions(owner.socket))!.map((c) => [c.streamKey, c.ended])).toEqual([[streamKey, false]]);
  });
});
