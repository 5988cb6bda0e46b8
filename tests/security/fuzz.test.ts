import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jarFetch } from '../support/cookieJar';
import { listRoutes, type RouteEntry } from './routeCatalog';
import { startChildServer, type ChildServer } from './support';

/**
 * Seeded random fuzzing over every route the reference API registers: malformed bodies (wrong
 * types, deep nesting, huge strings, broken JSON, prototype keys, wrong content types) and
 * malformed queries and path parameters, as the administrator (most routes open) and as a guest.
 * The server runs in a child process so a crash or a hang fails the test instead of the runner.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1400);
const CONCURRENCY = 6;

/** mulberry32: small, fast, reproducible. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (max: number) => Math.floor(random() * max);

const STRINGS = [
  '', ' ', 'x'.repeat(5000), '\u0000', '%', '%E0%A4%A', '../../etc/passwd', "' OR 1=1 --", '<script>alert(1)</script>',
  '=cmd|"/c calc"!A1', '9999-12-31', '0000-00-00', '2024-02-30', '1e309', '-1', 'NaN', 'true', 'null', '{}', '[]', '\uD800',
  '🙂'.repeat(100), 'http://169.254.169.254/', 'dev-sso:admin@example.com', 'a@b', '__proto__', 'constructor',
];
const KEYS = [
  'name', 'email', 'password', 'password_confirmation', 'current_password', 'roles', 'account_id', 'from', 'to', 'import',
  'format', 'version', 'agents', 'bot', 'base_url', 'api_key', 'token', 'code', 'recovery_code', 'device_name', 'remember',
  'isAdmin', 'theme_color', 'timezone', 'notifications', 'phone_number', 'instance_id', 'bot_id', 'steps', 'criteria',
  'parameters', 'config', '__proto__', 'constructor', 'prototype', 'page', 'show',
];

function value(depth = 0): unknown {
  switch (int(depth > 3 ? 6 : 9)) {
    case 0: return pick(STRINGS);
    case 1: return pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 999999999]);
    case 2: return pick([true, false, null]);
    case 3: return String(int(1e6));
    case 4: return pick(['2024-01-01', 'admin@example.com', 'https://example.com', '#ff0000', 'openai-compatible']);
    case 5: return [];
    case 6: return Array.from({ length: int(4) }, () => value(depth + 1));
    case 7: return Object.fromEntries(Array.from({ length: int(5) }, () => [pick(KEYS), value(depth + 1)]));
    default: return { [pick(KEYS)]: value(depth + 1) };
  }
}

function deep(levels: number): string {
  return random() < 0.5 ? '['.repeat(levels) + ']'.repeat(levels) : '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

/** A body and the content type it is sent with (often lying about it). */
function body(): { contentType: string; data: string } | undefined {
  switch (int(10)) {
    case 0: return undefined;
    case 1: return { contentType: 'application/json', data: deep(1 + int(20_000)) };
    case 2: return { contentType: 'application/json', data: pick(['{', '{"a":}', 'nul', '"\\u12"', '[1,]', '\u0000', '{"a":1}}']) };
    case 3: return { contentType: 'text/plain', data: JSON.stringify(value()) };
    case 4: return { contentType: 'application/x-www-form-urlencoded', data: `${pick(KEYS)}=${pick(STRINGS)}&${pick(KEYS)}[x][y]=%&a=%E0` };
    case 5: return { contentType: `multipart/form-data; boundary=${pick(['x', '', '"unterminated', 'a'.repeat(300)])}`, data: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n${pick(STRINGS)}\r\n--x` };
    case 6: return { contentType: 'application/json', data: JSON.stringify(pick([null, 1, 'text', [], [value()]])) };
    default: return { contentType: 'application/json', data: JSON.stringify(Object.fromEntries(Array.from({ length: 1 + int(6) }, () => [pick(KEYS), value()]))) };
  }
}

const QUERY_KEYS = ['from', 'to', 'page', 'show', 'per_page', 'sort', 'search', 'account_id', 'export', 'filter[provider]', 'grade[]', 'grade[0]', 'disposition_id', 'role_id[]', 'instance_id', 'redirect', 'expires', 'signature', 'a[b][c][d]'];

/** encodeURIComponent, except a lone surrogate becomes its (invalid) UTF-8 bytes: a malformed value on purpose. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function query(): string {
  if (random() < 0.2) return '';
  const parts = Array.from({ length: 1 + int(5) }, () => `${encodeURIComponent(pick(QUERY_KEYS)).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${random() < 0.3 ? pick(['%', '%E0%A4%A', '%00', '%ZZ']) : encode(String(pick(STRINGS)).slice(0, 200))}`);
  return `?${parts.join('&')}`;
}

const PARAMS = ['999999', '0', '-1', 'abc', '%E0%A4%A', '1e3', '1.5', "'", '%00', '99999999999999999999', '..', '%2F', 'x'.repeat(300)];

/** Real ids now and then (never for DELETE), so handlers run past their 404 with malformed input. */
function concretePath(path: string, method: string): string {
  const param = () => (method !== 'DELETE' && random() < 0.35 ? pick(['1', '2', '3']) : pick(PARAMS));
  return path.replace(/:\w+/g, param).replace(/\*\w+/g, param);
}

/** Routers mounted at the host root (Fortify/Sanctum paths); every other router sits under /api/v1. */
const ROOT_PATHS = /^\/(sanctum|login|logout|two-factor-challenge|user\/(two-factor|confirmed-two-factor|password|profile-information)|config\.json|register|forgot-password|reset-password|email\/verification-notification|dev\/|oidc)/;

let server: ChildServer;
let routes: RouteEntry[];
beforeAll(async () => {
  routes = (await listRoutes()).filter((r) => r.path !== '/logout');
  server = await startChildServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('fuzz: malformed bodies and queries over every route', () => {
  test(`${REQUESTS} generated requests (seed ${SEED}): no 5xx, the server still answers`, { timeout: 300_000 }, async () => {
    expect(routes.length).toBeGreaterThan(100);
    const admin = jarFetch(server.url);
    await admin('/sanctum/csrf-cookie');
    expect((await admin('/login', { method: 'POST', json: { email: 'admin@example.com', password: 'password' } })).status).toBe(200);
    const guest = jarFetch(server.url);
    await guest('/sanctum/csrf-cookie');
    const targets = routes.map((r) => (ROOT_PATHS.test(r.path) ? r : { ...r, path: `/api/v1${r.path}` }));
    const plan = Array.from({ length: Math.max(REQUESTS, targets.length) }, (_, i) => ({
      route: targets[i % targets.length]!,
      path: '',
      asGuest: random() < 0.15,
      body: body(),
      query: query(),
    })).map((item) => ({ ...item, path: concretePath(item.route.path, item.route.method) }));

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    async function worker() {
      while (next < plan.length) {
        const item = plan[next++]!;
        const client = item.asGuest ? guest : admin;
        const headers: Record<string, string> = { Accept: 'application/json', Cookie: client.jar.header() };
        const xsrf = client.jar.decoded('XSRF-TOKEN');
        if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
        if (item.body) headers['Content-Type'] = item.body.contentType;
        const hasBody = item.body !== undefined && item.route.method !== 'GET' && item.route.method !== 'HEAD';
        const label = `${item.route.method} ${item.path}${item.query} ${hasBody ? `[${item.body!.contentType}] ${item.body!.data.slice(0, 80)}` : ''}`;
        try {
          const response = await fetch(`${server.url}${item.path}${item.query}`, {
            method: item.route.method,
            headers,
            body: hasBody ? item.body!.data : undefined,
            redirect: 'manual',
            signal: AbortSignal.timeout(15_000),
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500) failures.push(`${response.status} ${label}`);
        } catch (error) {
          failures.push(`${(error as Error).name} ${label}`);
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(plan.length).toBeGreaterThanOrEqual(1000);
    console.log(`fuzz status counts: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    expect(failures, `status counts ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual([]);
    expect(server.alive()).toBe(true);
    const alive = await fetch(`${server.url}/config.json`, { signal: AbortSignal.timeout(5000) });
    expect(alive.status).toBe(200);
    expect((await admin('/api/v1/users/auth')).status).toBeLessThan(500);
  });
});
