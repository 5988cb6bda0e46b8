import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { json } from './support';

/**
 * Issue 27 item 1: the local OpenID provider (with its built-in sso@example.com / password) is a
 * local demo, not a door. `npm start` (server/main.ts, started here as it runs for real) mounts
 * it only while the server is clearly local, or when LOCAL_SSO=1 asks for it by name.
 */

let dir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'local-provider-'));
});
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dir, { recursive: true, force: true });
});

/** `npm start`'s server with `env` on a free port; resolves with its origin and banner. */
async function startMain(env: Record<string, string>): Promise<{ origin: string; banner: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('server/main.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOCAL_SSO: '',
      PORTAL_URL: '',
      TRUST_PROXY: '',
      ALLOWED_HOSTS: '',
      PORTAL_CONFIG: '',
      DB_FILE: path.join(dir, 'portal.sqlite'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG: '0',
      FRESH: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Agent portal:\s+(http:\/\/[^/\s]+)/.exec(out);
      if (match && out.includes('Demo sign-ins')) setTimeout(() => resolve(match[1]!), 50);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return {
    origin,
    banner: out,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function providerMounted(origin: string): Promise<boolean> {
  const discovery = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
  const config = await json(await fetch(`${origin}/config.json`));
  expect(Boolean(config.sso), 'config.json offers SSO exactly when the provider runs').toBe(discovery.status === 200);
  return discovery.status === 200;
}

describe('npm start mounts the local OpenID provider only on a clearly local server', () => {
  test('loopback only, nothing else set: on (the demo works out of the box)', async () => {
    const server = await startMain({});
    expect(await providerMounted(server.origin)).toBe(true);
    await server.stop();
  }, 60_000);

  test.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }, 'NODE_ENV=production'],
    ['a PORTAL_URL that is not loopback', { PORTAL_URL: 'https://portal.example.com' }, 'PORTAL_URL (https://portal.example.com) is not a loopback address'],
  ])('%s: off, /oidc is not there, and the banner says why and how to ask for it', async (_name, env, reason) => {
    const server = await startMain(env);
    expect(await providerMounted(server.origin)).toBe(false);
    expect((await fetch(`${server.origin}/oidc/auth?client_id=agent-portal`)).status).toBe(404);
    expect(server.banner).toContain(`Local OpenID provider: off (${reason}); LOCAL_SSO=1 turns it on.`);
    expect(server.banner).not.toContain('sso@example.com / password');
    await server.stop();
  }, 60_000);

  test('LOCAL_SSO=1 asks for it by name on an exposed setup: on, with a warning in the banner', async () => {
    const server = await startMain({ LOCAL_SSO: '1', PORTAL_URL: 'https://portal.example.com', NODE_ENV: 'production' });
    expect(await providerMounted(server.origin)).toBe(true);
    expect(server.banner).toContain('WARNING: LOCAL_SSO=1 on a server that is not only local');
    await server.stop();
  }, 60_000);
});
