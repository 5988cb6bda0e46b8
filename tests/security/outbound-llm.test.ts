import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { json, signedIn } from './support';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedIn>>;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server.url, 'admin@example.com');
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  delete process.env.LLM_API_KEY;
  delete process.env.LLM_LOCAL_HOSTS;
});
afterAll(async () => {
  await server.close();
});

/** A TCP listener on loopback standing in for an internal service: counts who connects. */
async function internalService(): Promise<{ port: number; connections: () => number }> {
  let count = 0;
  const listener = net.createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => listener.close(() => resolve())));
  return { port: (listener.address() as AddressInfo).port, connections: () => count };
}

/** A fake OpenAI-compatible model on loopback that records the Authorization header it got. */
async function fakeModel(): Promise<{ port: number; authorizations: (string | undefined)[] }> {
  const authorizations: (string | undefined)[] = [];
  const model = http.createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`data: ${JSON.stringify({ choices: [{ delta: { content: 'From the model.' } }] })}\n\ndata: [DONE]\n\n`);
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => model.close(() => resolve())));
  return { port: (model.address() as AddressInfo).port, authorizations };
}

/** Points the first agent of a seeded bot at a new openai-compatible LLM row (fixture: what an older record could hold). */
function botWithLlm(baseUrl: string, apiKey: string | null = null): number {
  const db = server.server.db;
  const link = db.prepare('SELECT ba.bot_id AS botId, ba.agent_id AS agentId, b.account_id AS accountId FROM bot_agents ba JOIN bots b ON b.id = ba.bot_id ORDER BY ba.bot_id, ba.position LIMIT 1').get() as {
    botId: number; agentId: number; accountId: number;
  };
  const llmId = Number(
    db.prepare("INSERT INTO llms (account_id, name, provider, model, base_url, api_key) VALUES (?, 'Probe', 'openai-compatible', 'probe', ?, ?)").run(link.accountId, baseUrl, apiKey).lastInsertRowid,
  );
  db.prepare('UPDATE agents SET llm_id = ? WHERE id = ?').run(llmId, link.agentId);
  return link.botId;
}

/** Opens a chat with `botId` over socket.io as the admin, sends one message, returns the system texts and replies seen. */
async function chatOnce(botId: number): Promise<{ system: string[]; text: string }> {
  const token = admin.jar.decoded('chat_session')!;
  const socket: Socket = io(server.url, { transports: ['websocket'], auth: { token }, reconnection: false });
  closers.push(async () => {
    socket.disconnect();
  });
  const system: string[] = [];
  let text = '';
  let streamKey = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no reply; saw ${JSON.stringify(system)}`)), 15_000);
    socket.on('connect_error', (error) => reject(error));
    socket.on('stream-message', (message: { streamKey: string; event: { type: string; text?: string; delta?: string; msg?: string } }) => {
      const { event } = message;
      if (!streamKey && event.type === 'message') {
        streamKey = message.streamKey;
        socket.emit('chat-send-message', { streamKey, message: 'Hello?' });
      }
      if (event.type === 'system') system.push(event.text ?? '');
      if (event.type === 'typing-delta') text += event.delta ?? '';
      if (event.type === 'typing-delta-end') {
        clearTimeout(timer);
        resolve();
      }
    });
    socket.on('ClientId', () => socket.emit('chat-new-request', { botId }));
  });
  return { system, text };
}

describe('finding 3: an LLM base_url cannot reach inside, and keys stay put', () => {
  test('creating an LLM on a non-https or loopback URL is refused with 422', async () => {
    const internal = await internalService();
    for (const base_url of [`http://127.0.0.1:${internal.port}/v1`, 'http://169.254.169.254/latest', 'ftp://example.com/']) {
      const response = await admin('/api/v1/llms', { method: 'POST', json: { name: 'Probe', provider: 'openai-compatible', model: 'm', base_url } });
      expect(response.status, base_url).toBe(422);
      expect((await json(response)).errors.base_url, base_url).toBeDefined();
    }
  });

  test('the gateway never connects to loopback, by IP or by a name resolving to it, and says one neutral thing', async () => {
    const internal = await internalService();
    for (const base of [`https://127.0.0.1:${internal.port}/v1`, `https://localhost:${internal.port}/v1`, `http://127.0.0.1:${internal.port}/v1`]) {
      const { system } = await chatOnce(botWithLlm(base));
      expect(system, base).toContain('The model could not be reached; the demo bot answered instead.');
      expect(system.join(' '), base).not.toMatch(/ECONNREFUSED|HTTP \d|127\.0\.0\.1|private|socket/i);
    }
    expect(internal.connections()).toBe(0);
  });

  test('the server-wide key goes only to its provider host; a record key goes to its own base_url', async () => {
    const model = await fakeModel();
    process.env.LLM_API_KEY = 'sk-server-wide';
    process.env.LLM_LOCAL_HOSTS = `127.0.0.1:${model.port}`;
    const withoutKey = await chatOnce(botWithLlm(`http://127.0.0.1:${model.port}/v1`));
    expect(withoutKey.text).toBe('From the model.');
    const withKey = await chatOnce(botWithLlm(`http://127.0.0.1:${model.port}/v1`, 'sk-record-own'));
    expect(withKey.text).toBe('From the model.');
    expect(model.authorizations).toEqual([undefined, 'Bearer sk-record-own']);
  });

  test('an API key is write-only: accepted, used, never answered or exported', async () => {
    const created = await admin('/api/v1/llms', {
      method: 'POST',
      json: { name: 'Keyed', provider: 'openai', model: 'gpt', base_url: 'https://api.example.com/v1', api_key: 'sk-secret-value' },
    });
    expect(created.status).toBe(201);
    const createdBody = await json(created);
    const id = createdBody.data.id as number;
    const bodies = [
      JSON.stringify(createdBody),
      await (await admin(`/api/v1/llms/${id}`)).text(),
      await (await admin('/api/v1/llms?per_page=100')).text(),
      await (await admin('/api/v1/llms?export=csv')).text(),
      await (await admin(`/api/v1/llms/${id}`, { method: 'PATCH', json: { name: 'Keyed 2' } })).text(),
    ];
    for (const body of bodies) expect(body).not.toContain('sk-secret-value');
    expect((server.server.db.prepare('SELECT api_key FROM llms WHERE id = ?').get(id) as { api_key: string }).api_key).toBe('sk-secret-value');
  });

  test('a base_url or provider change drops the stored key unless the same request sends a new one: the key never reaches a new host', async () => {
    const first = await fakeModel();
    const second = await fakeModel();
    process.env.LLM_LOCAL_HOSTS = `127.0.0.1:${first.port},127.0.0.1:${second.port}`;
    const created = await admin('/api/v1/llms', {
      method: 'POST',
      json: { name: 'Moving', provider: 'openai-compatible', model: 'm', base_url: `http://127.0.0.1:${first.port}/v1`, api_key: 'sk-for-the-first-host' },
    });
    expect(created.status).toBe(201);
    const id = (await json(created)).data.id as number;
    const botId = botUsingLlm(id);
    const storedKey = () => (server.server.db.prepare('SELECT api_key FROM llms WHERE id = ?').get(id) as { api_key: string | null }).api_key;

    // A rename keeps the key where it was given.
    expect((await admin(`/api/v1/llms/${id}`, { method: 'PATCH', json: { name: 'Moving on' } })).status).toBe(200);
    await chatOnce(botId);
    expect(first.authorizations).toEqual(['Bearer sk-for-the-first-host']);

    // Pointed at another host without a key: the stored key is gone, the new host gets none.
    expect((await admin(`/api/v1/llms/${id}`, { method: 'PATCH', json: { base_url: `http://127.0.0.1:${second.port}/v1` } })).status).toBe(200);
    expect(storedKey()).toBeNull();
    expect((await chatOnce(botId)).text).toBe('From the model.');
    expect(second.authorizations).toEqual([undefined]);

    // Moving back does not bring the old key back either.
    expect((await admin(`/api/v1/llms/${id}`, { method: 'PATCH', json: { base_url: `http://127.0.0.1:${first.port}/v1` } })).status).toBe(200);
    await chatOnce(botId);
    expect(first.authorizations).toEqual(['Bearer sk-for-the-first-host', undefined]);

    // A new key in the same request as the move is kept and used there.
    const moved = await admin(`/api/v1/llms/${id}`, { method: 'PATCH', json: { base_url: `http://127.0.0.1:${second.port}/v1`, api_key: 'sk-for-the-second-host' } });
    expect(moved.status).toBe(200);
    await chatOnce(botId);
    expect(second.authorizations).toEqual([undefined, 'Bearer sk-for-the-second-host']);

    // Another provider means another default host: the key goes too.
    expect((await admin(`/api/v1/llms/${id}`, { method: 'PATCH', json: { provider: 'openai', base_url: null } })).status).toBe(200);
    expect(storedKey()).toBeNull();
  });
});

/** Points the first agent of a seeded bot at an existing LLM record. */
function botUsingLlm(llmId: number): number {
  const db = server.server.db;
  const link = db.prepare('SELECT ba.bot_id AS botId, ba.agent_id AS agentId FROM bot_agents ba ORDER BY ba.bot_id, ba.position LIMIT 1').get() as { botId: number; agentId: number };
  db.prepare('UPDATE agents SET llm_id = ? WHERE id = ?').run(llmId, link.agentId);
  return link.botId;
}
