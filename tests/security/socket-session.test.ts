import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { startTestServer, type TestServer } from '../../server/testing';
import { json, signedIn } from './support';

/**
 * Issue 27 item 5: a chat socket ends with the session it was opened with, and what it may reach
 * follows its user's current roles. Every change below is made over real HTTP; what the socket
 * sees is real socket.io frames.
 */

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedIn>>;
let passwordHash: string;
const sockets: Socket[] = [];
const DISCONNECTED_WITHIN_MS = 1000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server.url, 'admin@example.com');
  passwordHash = await hashPassword('password');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await server.close();
});

let serial = 0;
/** A verified staff user of the first account holding new roles with these Bots levels (each role also grants Chat browse). */
function staffUser(botsLevels: number[]): { id: number; email: string; roleIds: number[] } {
  const db = server.server.db;
  const accountId = (db.prepare('SELECT id FROM accounts ORDER BY id LIMIT 1').get() as { id: number }).id;
  serial += 1;
  const email = `socket-${serial}@example.com`;
  const id = Number(
    db.prepare("INSERT INTO users (account_id, name, email, password_hash, email_verified_at) VALUES (?, ?, ?, ?, '2026-01-01T00:00:00.000Z')")
      .run(accountId, `Socket ${serial}`, email, passwordHash).lastInsertRowid,
  );
  const roleIds = botsLevels.map((level, index) => {
    const roleId = Number(db.prepare('INSERT INTO roles (account_id, name) VALUES (NULL, ?)').run(`Chat ${serial}.${index}`).lastInsertRowid);
    db.prepare("INSERT INTO role_permissions (role_id, model, browse, read, level) VALUES (?, 'Chat', 1, 1, 1)").run(roleId);
    db.prepare("INSERT INTO role_permissions (role_id, model, browse, read, level) VALUES (?, 'Bots', 1, 1, ?)").run(roleId, level);
    db.prepare('INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)').run(id, roleId);
    return roleId;
  });
  return { id, email, roleIds };
}

/** A connected chat socket of `client`'s session, and a promise of its disconnect time. */
async function openSocket(client: Awaited<ReturnType<typeof signedIn>>): Promise<{ socket: Socket; gone: Promise<number>; connected: () => boolean }> {
  const socket = io(server.url, { transports: ['websocket'], auth: { token: client.jar.decoded('chat_session') }, reconnection: false, forceNew: true });
  sockets.push(socket);
  const gone = new Promise<number>((resolve) => socket.on('disconnect', () => resolve(performance.now())));
  await new Promise<void>((resolve, reject) => {
    socket.on('ClientId', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, gone, connected: () => socket.connected };
}

/**
 * Runs `change` and says how long after its answer the socket was disconnected (or that it was
 * not, within 2 s). From the answer: hashing a new password alone can take most of a second.
 */
async function disconnectedAfter(socket: { gone: Promise<number> }, change: () => Promise<Response>): Promise<number | 'still connected'> {
  const response = await change();
  const started = performance.now();
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  const timeout = new Promise<'still connected'>((resolve) => setTimeout(() => resolve('still connected'), 2000));
  const result = await Promise.race([socket.gone, timeout]);
  return result === 'still connected' ? result : Math.round(result - started);
}

/** The persona a new chat with `botId` opens on this socket ("Chat started with …"). */
function chatWith(socket: Socket, botId: number): Promise<string> {
  return new Promise((resolve) => {
    const listener = (message: { event: { type: string; text?: string } }) => {
      if (message.event.type !== 'system' || !message.event.text?.startsWith('Chat started with ')) return;
      socket.off('stream-message', listener);
      resolve(message.event.text.slice('Chat started with '.length, -1));
    };
    socket.on('stream-message', listener);
    socket.emit('chat-new-request', { botId });
  });
}

describe('a chat socket ends with its session, within a second', () => {
  test('sign-out (POST /logout)', async () => {
    const user = staffUser([1]);
    const client = await signedIn(server.url, user.email);
    const open = await openSocket(client);
    expect(await disconnectedAfter(open, () => client('/logout', { method: 'POST' }))).toBeLessThan(DISCONNECTED_WITHIN_MS);
  });

  test("a password change elsewhere ends the other sessions' sockets; the changing session keeps its own", async () => {
    const user = staffUser([1]);
    const here = await signedIn(server.url, user.email);
    const elsewhere = await signedIn(server.url, user.email);
    const mine = await openSocket(here);
    const theirs = await openSocket(elsewhere);
    const change = () => here('/user/password', { method: 'PUT', json: { current_password: 'password', password: 'a-much-longer-secret', password_confirmation: 'a-much-longer-secret' } });
    expect(await disconnectedAfter(theirs, change)).toBeLessThan(DISCONNECTED_WITHIN_MS);
    expect(mine.connected()).toBe(true);
  });

  test('removed roles (no Chat grant left)', async () => {
    const user = staffUser([1]);
    const open = await openSocket(await signedIn(server.url, user.email));
    expect(await disconnectedAfter(open, () => admin(`/api/v1/users/${user.id}/roles`, { method: 'PATCH', json: { roles: [] } }))).toBeLessThan(DISCONNECTED_WITHIN_MS);
  });

  test('a deleted user', async () => {
    const user = staffUser([1]);
    const open = await openSocket(await signedIn(server.url, user.email));
    expect(await disconnectedAfter(open, () => admin(`/api/v1/users/${user.id}`, { method: 'DELETE' }))).toBeLessThan(DISCONNECTED_WITHIN_MS);
  });

  test('an account that is no longer verified (a new email address awaits verification)', async () => {
    const user = staffUser([1]);
    const client = await signedIn(server.url, user.email);
    const open = await openSocket(client);
    const change = () => client('/user/profile-information', { method: 'PUT', json: { name: 'Renamed', email: `new-${user.email}`, current_password: 'password' } });
    expect(await disconnectedAfter(open, change)).toBeLessThan(DISCONNECTED_WITHIN_MS);
  });

  test('a write that changes nothing about the user leaves the socket open', async () => {
    const user = staffUser([1]);
    const client = await signedIn(server.url, user.email);
    const open = await openSocket(client);
    expect(await disconnectedAfter(open, () => client('/user/profile-information', { method: 'PUT', json: { name: 'Just a rename', email: user.email } }))).toBe('still connected');
  });
});

describe("an open socket follows its user's current scope", () => {
  test('losing the cross-account Bots grant narrows the bots a chat may open, without reconnecting', async () => {
    const user = staffUser([9, 1]);
    const open = await openSocket(await signedIn(server.url, user.email));
    const db = server.server.db;
    const ownAccount = (db.prepare('SELECT account_id FROM users WHERE id = ?').get(user.id) as { account_id: number }).account_id;
    const foreign = db.prepare('SELECT id, name FROM bots WHERE account_id <> ? ORDER BY id LIMIT 1').get(ownAccount) as { id: number; name: string };
    expect(await chatWith(open.socket, foreign.id)).toBe(foreign.name);

    const narrowed = await admin(`/api/v1/users/${user.id}/roles`, { method: 'PATCH', json: { roles: [user.roleIds[1]] } });
    expect((await json(narrowed)).data.map((role: { id: number }) => role.id)).toEqual([user.roleIds[1]]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(open.connected()).toBe(true);
    expect(await chatWith(open.socket, foreign.id)).not.toBe(foreign.name);
  });
});
