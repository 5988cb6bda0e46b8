import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { chatGatewayOf } from '../../server/chat/gateway';
import { contextOf } from '../../server/context';
import { startTestServer, type TestServer } from '../../server/testing';
import { signedIn } from './support';

let server: TestServer;
let token: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  token = (await signedIn(server.url, 'admin@example.com')).jar.decoded('chat_session')!;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await server.close();
});

/** Connects over websocket; resolves 'connected' or the connect_error message. */
function connect(extraHeaders: Record<string, string> = {}): Promise<string> {
  const socket = io(server.url, { transports: ['websocket'], auth: { token }, reconnection: false, extraHeaders, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (error) => resolve(error.message));
  });
}

describe('finding 9: the chat gateway checks Origin, caps sockets, bounds history', () => {
  test('a handshake from another site’s page is refused; the portal’s own origin is accepted', async () => {
    expect(await connect({ Origin: 'https://evil.example' })).not.toBe('connected');
    expect(await connect({ Origin: server.url })).toBe('connected');
  });

  test('one user holds at most 10 sockets at once', async () => {
    const results: string[] = [];
    for (let i = 0; i < 12; i++) results.push(await connect({ Origin: server.url }));
    expect(results.filter((r) => r === 'connected')).toHaveLength(10);
    expect(results.slice(10)).toEqual(['too many connections', 'too many connections']);
  });

  test('a chat keeps at most 40 turns of history however much is sent', async () => {
    const socket = io(server.url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    sockets.push(socket);
    const streamKey = await new Promise<string>((resolve) => {
      socket.on('stream-message', (m: { streamKey: string; event: { type: string } }) => {
        if (m.event.type === 'message') resolve(m.streamKey);
      });
      socket.on('ClientId', () => socket.emit('chat-new-request', {}));
    });
    for (let i = 0; i < 120; i++) socket.emit('chat-send-message', { streamKey, message: `message ${i}` });
    const gateway = chatGatewayOf(contextOf({ app: server.server.app }))!;
    await expect.poll(() => gateway.historyOf(streamKey)?.at(-1)?.content, { timeout: 10_000 }).toBe('message 119');
    expect(gateway.historyOf(streamKey)!.length).toBeLessThanOrEqual(40);
  });
});
