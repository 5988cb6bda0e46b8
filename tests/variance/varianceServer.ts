import http from 'node:http';
import net from 'node:net';
import { startTestServer, type TestServer } from '../../server/testing';

/**
 * A contract-variance backend: the reference API behind a proxy that answers every call of SPEC
 * §7 with other SPEC-valid choices, the ones an independently written (Laravel) backend makes
 * where SPEC says "not shown" (docs/contract-tolerance.md):
 * - ids as strings; relation id lists as objects with an id (`whenLoaded`); foreign keys as strings;
 * - numbers of "not shown" fields as numeric strings (`"0.20"`, decimal casts), reporting's
 *   counts, amounts and grade counts included; reporting's role and instance as loaded models;
 * - nulls left out (absent), timestamps with microseconds, extra keys on every record;
 * - the signed-in user with roles as bare ids, isAdmin as 0/1, no theme_color;
 * - recordings without `has_audio` (a url means the audio is there);
 * - Laravel pagination links without the query string (`paginate()` without `withQueryString()`);
 * - `Global: {access}` read as cross-account scope: false for every user without level 9 on
 *   Accounts, staff holding a role included (issue 26);
 * - Laravel's 404 text for a missing model;
 * - `Accept`-dependent redirects (no JSON accepted → 302 to /login);
 * - optionally Apache's 301 on writes to a URL with a trailing slash.
 */
export interface VarianceOptions {
  /** Apache's stock `.htaccess`: a write to `…/` is answered 301 to the URL without the slash. */
  redirectTrailingSlashWrites?: boolean;
  distDir?: string;
}

export interface VarianceServer {
  url: string;
  upstream: TestServer;
  close(): Promise<void>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Relation lists the reference API sends as ids; a Laravel resource may send the loaded models. */
const ID_LISTS = new Set(['dispositions', 'scorecards', 'tools', 'agents', 'contacts']);
/** "Not shown" numbers a decimal or string cast may serialise as strings. */
const NUMERIC_STRINGS = new Set(['rating', 'temperature', 'max_tokens', 'weight', 'attempts']);
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,3})?Z$/;

/** One record as the other backend shapes it. */
function varyRecord(record: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null) continue; // absent instead of null
    if (key === 'id' && typeof value === 'number') out[key] = String(value);
    else if (key.endsWith('_id') && typeof value === 'number') out[key] = String(value);
    else if (ID_LISTS.has(key) && Array.isArray(value) && value.every((item) => typeof item === 'number' || typeof item === 'string')) {
      out[key] = value.map((id) => ({ id, pivot: { created_at: '2025-01-15T10:00:00.000000Z' } }));
    } else if (NUMERIC_STRINGS.has(key) && typeof value === 'number') out[key] = value.toFixed(2);
    else if (typeof value === 'string' && TIMESTAMP.test(value)) out[key] = value.replace(TIMESTAMP, (_m, base: string, fraction = '.000') => `${base}${fraction.padEnd(7, '0')}Z`);
    else if (Array.isArray(value)) out[key] = value.map((item) => (isObject(item) ? varyRecord(item) : item));
    else if (isObject(value)) out[key] = varyRecord(value);
    else out[key] = value;
  }
  if ('id' in record) out.backend_extra = { source: 'variance', flags: [1, 2] };
  return out;
}

/** Reporting amounts a decimal cast sends as strings (`"12.50"`); SPEC leaves their shapes "not shown". */
const DECIMAL_STRINGS = new Set(['cost', 'minutes', 'total_cost', 'unit_cost', 'grade_score', 'share', 'duration_seconds', 'average_duration_seconds', 'audio_seconds']);
/** Reporting counts a string cast sends as digits. */
const COUNT_STRINGS = new Set(['conversations', 'position', 'rank', 'quantity', 'count', 'bots', 'instances', 'active']);
/** Foreign keys a resource sends as the loaded model (`whenLoaded`). */
const LOADED_RELATIONS = new Set(['role_id', 'instance_id']);
/** Maps of numbers (grade counts, a conversation's part counts) whose values a cast sends as strings. */
const COUNT_MAPS = new Set(['grades', 'counts']);

function varyReportingField(key: string, value: Json): Json {
  if (typeof value === 'number') {
    if (key === 'id') return String(value);
    if (LOADED_RELATIONS.has(key)) return { id: value, backend_extra: 'loaded' };
    if (key.endsWith('_id')) return String(value);
    // A decimal cast keeps the column's scale: whole amounts as "12.00", fractions as written (never 1e-7).
    if (DECIMAL_STRINGS.has(key)) return Number.isInteger(value) ? value.toFixed(2) : value.toFixed(10).replace(/0+$/, '');
    if (COUNT_STRINGS.has(key)) return String(value);
    return value;
  }
  if (typeof value === 'string' && TIMESTAMP.test(value)) return value.replace(TIMESTAMP, (_m, base: string, fraction = '.000') => `${base}${fraction.padEnd(7, '0')}Z`);
  if (COUNT_MAPS.has(key) && isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));
  return varyReporting(value);
}

/**
 * A reporting body (statistics, breakdowns, time series, a conversation and its parts) as a
 * Laravel backend may send it: numbers as strings, foreign keys as strings or loaded models,
 * nulls left out, timestamps with microseconds, an extra key on every record.
 */
function varyReporting(value: Json): Json {
  if (Array.isArray(value)) return value.map((item) => varyReporting(item));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === null) continue;
    // A recording as a Laravel resource lists it: {uuid, url, duration, mime_type, created_at}, no has_audio.
    if (key === 'has_audio') continue;
    out[key] = varyReportingField(key, field);
  }
  if ('id' in value || 'uuid' in value) out.backend_extra = { source: 'variance', flags: [1, 2] };
  return out;
}

/** `links.*` as Laravel builds them without `withQueryString()`: only the page survives. */
function laravelLink(link: Json, origin: string): Json {
  if (typeof link !== 'string') return link;
  const url = new URL(link);
  const page = url.searchParams.get('page');
  return `${origin}${url.pathname}${page ? `?page=${page}` : ''}`;
}

function varyBody(pathname: string, body: Json, origin: string): Json {
  if (!isObject(body)) return body;
  if (pathname === '/api/v1/users/auth' && isObject(body.data)) {
    const user = varyRecord(body.data);
    const roles = Array.isArray(body.data.roles) ? body.data.roles.map((role): Json => (isObject(role) ? (role.id ?? null) : role)) : [];
    delete user.theme_color;
    return { data: { ...user, roles, isAdmin: body.data.isAdmin ? 1 : 0, two_factor_confirmed_at: null } };
  }
  // Permissions keep the reference shape (SPEC defines it), but Global access means cross-account
  // scope here, as some Laravel backends read it: false for a staff member holding a role.
  if (pathname === '/api/v1/user/permissions' && isObject(body.data)) {
    const accounts = body.data.Accounts;
    const crossAccount = isObject(accounts) && typeof accounts.level === 'number' && accounts.level >= 9;
    return { ...body, data: { ...body.data, Global: { access: crossAccount } } };
  }
  if (pathname.startsWith('/api/v1/reporting/')) {
    const out: JsonObject = { ...body, data: varyReporting(body.data ?? null) };
    if (isObject(body.links)) out.links = Object.fromEntries(Object.entries(body.links).map(([k, v]) => [k, laravelLink(v, origin)]));
    return out;
  }
  const out: JsonObject = { ...body };
  if (Array.isArray(body.data)) out.data = body.data.map((item) => (isObject(item) ? varyRecord(item) : item));
  else if (isObject(body.data)) out.data = varyRecord(body.data);
  else if ('id' in body) return varyRecord(body); // bare records (workflows) stay bare
  if (isObject(body.links)) out.links = Object.fromEntries(Object.entries(body.links).map(([k, v]) => [k, laravelLink(v, origin)]));
  if (isObject(body.meta)) {
    const meta: JsonObject = { ...body.meta };
    if (Array.isArray(meta.links)) meta.links = meta.links.map((l) => (isObject(l) ? { ...l, url: laravelLink(l.url ?? null, origin) } : l));
    if (typeof meta.path === 'string') meta.path = laravelLink(meta.path, origin);
    out.meta = meta;
  }
  return out;
}

const RECORD_PATH = /^\/api\/v1\/([a-z-]+)\/(\d+)$/;

function modelName(section: string): string {
  const singular = section.replace(/ies$/, 'y').replace(/s$/, '');
  return singular.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
}

async function readBody(req: http.IncomingMessage): Promise<ArrayBuffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 5_000_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const joined = Buffer.concat(chunks);
  return joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength) as ArrayBuffer;
}

export async function startVarianceServer(options: VarianceOptions = {}): Promise<VarianceServer> {
  const upstream = await startTestServer({ distDir: options.distDir });
  const upstreamUrl = new URL(upstream.url);
  let origin = '';

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', origin);
      const isApi = url.pathname.startsWith('/api/');
      const accept = req.headers.accept ?? '';
      // Laravel answers JSON only when the request expects it; otherwise it redirects.
      if (isApi && !accept.includes('json')) {
        res.writeHead(302, { location: `${origin}/login` }).end();
        return;
      }
      if (options.redirectTrailingSlashWrites && isApi && req.method !== 'GET' && req.method !== 'HEAD' && url.pathname.endsWith('/')) {
        res.writeHead(301, { location: `${origin}${url.pathname.slice(0, -1)}${url.search}` }).end();
        return;
      }
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (value === undefined || key === 'host' || key === 'connection' || key === 'content-length') continue;
        headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const answer = await fetch(`${upstream.url}${url.pathname}${url.search}`, { method: req.method, headers, body, redirect: 'manual' });
      const outHeaders: Record<string, string | string[]> = {};
      answer.headers.forEach((value, key) => {
        if (key === 'content-length' || key === 'content-encoding' || key === 'transfer-encoding' || key === 'set-cookie') return;
        outHeaders[key] = value.replaceAll(upstream.url, origin);
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) outHeaders['set-cookie'] = cookies;
      const type = answer.headers.get('content-type') ?? '';
      if (isApi && type.includes('application/json')) {
        const text = await answer.text();
        let json: Json = text ? (JSON.parse(text.replaceAll(upstream.url, origin)) as Json) : null;
        const record = RECORD_PATH.exec(url.pathname);
        if (answer.status === 404 && record && req.method === 'GET') {
          json = { message: `No query results for model [App\\Models\\${modelName(record[1]!)}] ${record[2]}` };
        } else if (answer.status < 400 && json !== null) {
          json = varyBody(url.pathname, json, origin);
        }
        res.writeHead(answer.status, outHeaders).end(json === null ? '' : JSON.stringify(json));
        return;
      }
      res.writeHead(answer.status, outHeaders).end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `variance proxy: ${String(error)}` }));
    }
  });

  // WebSockets (the chat gateway) pass through untouched.
  server.on('upgrade', (req, socket, head) => {
    const target = net.connect(Number(upstreamUrl.port), upstreamUrl.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const key = req.rawHeaders[i]!;
        lines.push(`${key}: ${key.toLowerCase() === 'host' ? upstreamUrl.host : req.rawHeaders[i + 1]}`);
      }
      target.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) target.write(head);
      target.pipe(socket);
      socket.pipe(target);
    });
    target.on('error', () => socket.destroy());
    socket.on('error', () => target.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    upstream,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await upstream.close();
    },
  };
}
