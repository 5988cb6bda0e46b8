/**
 * npm run bench:scale — the reference API at 10,000 and 1,000,000 conversations (issue 19).
 *
 * For each size: builds (once; reused while its row count matches) a database file under
 * BENCH_DB_DIR (default /tmp) with `seedScale`, starts the real server on it in a child
 * process (`server/main.ts`, so its RSS is the server's own), signs in as the admin (every
 * account) and times, median of RUNS (5), every call of the issue's table. At the largest size
 * it then downloads the full CSV export while a second user keeps requesting
 * `/sanctum/csrf-cookie` and the list's page 1, and reports the export's time to first byte,
 * total time, row count (against meta.total), the server's peak RSS during it and the slowest
 * concurrent request.
 *
 * At the largest size it then measures stalls (bench/stalls.ts, issue 27): the slowest answer
 * of a second user while one user loops heavy searches, while 100 recordings are requested at
 * once, and while 40 exports stream (goal: ≤ 250 ms each).
 *
 * Env: BENCH_SIZES (default "10000,1000000"), BENCH_DB_DIR (/tmp), BENCH_RUNS (5),
 * BENCH_CALLS_ONLY (1: the timed calls only, no export or stall loads),
 * BENCH_EXPORT_TIMEOUT_S (300), BENCH_STALL_S (10). Last line: `ratio: N.NN (ours / baseline)` =
 * the slowest concurrent answer under the worst of the three loads / the slowest on the idle
 * server (the list's page 1 at the largest / smallest size is printed above it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/connection';
import { migrate } from '../server/db/migrations';
import { seedScale } from '../server/db/scaleSeed';
import { migrations } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { jarFetch } from '../tests/support/cookieJar';
import { addBenchUsers, measureStalls, type StallFigure } from './stalls';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map((s) => Number(s.replace(/_/g, '')));
const DB_DIR = process.env.BENCH_DB_DIR ?? os.tmpdir();
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CALLS_ONLY = process.env.BENCH_CALLS_ONLY === '1';
const EXPORT_TIMEOUT_MS = Number(process.env.BENCH_EXPORT_TIMEOUT_S ?? 300) * 1000;

const CALLS = [
  { label: '`GET /api/v1/reporting/conversations` (page 1)', path: '/api/v1/reporting/conversations' },
  { label: 'same, last page', path: 'LAST' },
  { label: 'same, `search=zzq`', path: '/api/v1/reporting/conversations?search=zzq' },
  { label: '`GET /api/v1/reporting/grades/conversations/?letter_grade=A`', path: '/api/v1/reporting/grades/conversations/?letter_grade=A' },
  { label: '`GET /api/v1/reporting/global`', path: '/api/v1/reporting/global' },
  { label: '`GET /api/v1/reporting/global/timeseries`', path: '/api/v1/reporting/global/timeseries' },
  { label: '`GET /api/v1/reporting/roles`', path: '/api/v1/reporting/roles' },
  // Issue 27: multi-key sorts and deep pages (server/http/listSortPlan.ts).
  { label: 'conversations `sort=channel,-started_at` (page 1)', path: '/api/v1/reporting/conversations?sort=channel,-started_at' },
  { label: 'same, 5th page by links.next (cursor)', path: 'NEXT4 /api/v1/reporting/conversations?sort=channel,-started_at' },
  { label: 'conversations `sort=-status,started_at` (page 1)', path: '/api/v1/reporting/conversations?sort=-status,started_at' },
  { label: 'conversations `sort=cost&page=666` (9,975 rows skipped)', path: '/api/v1/reporting/conversations?sort=cost&page=666' },
  { label: 'conversations `sort=status,-cost` (422 past 10,000 rows)', path: '/api/v1/reporting/conversations?sort=status,-cost', refusable: true },
  // Issue 29 item 7: the review queue's list filters and the review statistics (≤ 100 ms at 1M with 100k evaluations).
  { label: 'conversations, `filter[evaluation]=none`', path: '/api/v1/reporting/conversations?filter[evaluation]=none' },
  { label: 'conversations, `filter[evaluation]=evaluated`', path: '/api/v1/reporting/conversations?filter[evaluation]=evaluated' },
  { label: 'conversations, `filter[evaluation]=mine`', path: '/api/v1/reporting/conversations?filter[evaluation]=mine' },
  { label: 'conversations, `filter[score_min]=80&filter[score_max]=100`', path: '/api/v1/reporting/conversations?filter[score_min]=80&filter[score_max]=100' },
  { label: 'conversations, `sort=-evaluation_score`', path: '/api/v1/reporting/conversations?sort=-evaluation_score' },
  { label: '`GET /api/v1/reporting/latency`', path: '/api/v1/reporting/latency' },
  { label: '`GET /api/v1/reporting/evaluation-scores?by=role`', path: '/api/v1/reporting/evaluation-scores?by=role' },
  { label: '`GET /api/v1/reporting/evaluation-scores?by=bot`', path: '/api/v1/reporting/evaluation-scores?by=bot' },
] as const;

const EXPORT_USERS = 20;
const STALL_GOAL_MS = 250;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
/** 1000000 → "1M", 10000 → "10k" (the ratio line's labels). */
const short = (n: number) => (n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}M` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3}k` : String(n));
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

async function buildDatabase(size: number): Promise<string> {
  const file = path.join(DB_DIR, `scale-${size}.sqlite`);
  const db = openDatabase(file);
  try {
    migrate(db, migrations);
    await seed(db);
    const have = (db.prepare('SELECT COUNT(*) AS n FROM conversations').get() as { n: number }).n;
    if (have > size) throw new Error(`${file} holds ${have} conversations, more than ${size}: delete it`);
    if (have < size) {
      const started = performance.now();
      const seeded = seedScale(db, size);
      console.log(`seeded ${file}: ${size.toLocaleString('en-US')} conversations (${seeded.evaluations.toLocaleString('en-US')} evaluations added) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } else {
      console.log(`reusing ${file} (${have.toLocaleString('en-US')} conversations)`);
    }
    const evaluations = (db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'conversation_evaluations'").get() as { n: number }).n
      ? (db.prepare('SELECT COUNT(*) AS n FROM conversation_evaluations').get() as { n: number }).n
      : 0;
    console.log(`  ${file}: ${evaluations.toLocaleString('en-US')} evaluations${evaluations < size / 20 ? ' (built before seed:scale made evaluations: delete it for the review figures)' : ''}`);
    // Users for the concurrent exports (two each: the per-user cap).
    addBenchUsers(db, EXPORT_USERS);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return file;
}

interface Server {
  origin: string;
  child: ChildProcess;
}

function startServer(dbFile: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, DB_FILE: dbFile, PORT: '0', HOST: '127.0.0.1', LOG: '0', FRESH: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Never leave a server behind, whatever ends the bench.
  process.once('exit', () => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Agent portal:\s+(http:\/\/[^/\s]+)/.exec(out);
      if (match) resolve({ origin: match[1]!, child });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

async function signIn(origin: string, email: string) {
  const client = jarFetch(origin);
  await client('/sanctum/csrf-cookie');
  const response = await client('/login', { method: 'POST', json: { email, password: 'password' } });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return client;
}

type Client = Awaited<ReturnType<typeof signIn>>;

async function timed(client: Client, url: string, refusable = false): Promise<{ ms: number; body: unknown; status: number }> {
  const started = performance.now();
  const response = await client(url);
  const body: unknown = await response.json();
  const elapsed = performance.now() - started;
  if (!response.ok && !(refusable && response.status === 422)) throw new Error(`${url}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms: elapsed, body, status: response.status };
}

/** The page `hops` links.next away from `url` (the last hop is the one timed by the caller). */
async function followNext(client: Client, url: string, hops: number): Promise<string> {
  let at = url;
  for (let i = 0; i < hops; i += 1) at = ((await timed(client, at)).body as { links: { next: string } }).links.next;
  return at;
}

interface ExportResult {
  firstByteMs: number | null;
  totalMs: number | null;
  rows: number;
  expectedRows: number;
  peakRssKb: number;
  slowestConcurrentMs: number;
  concurrentRequests: number;
  note: string;
}

/** The full CSV export, read as it streams, while another user keeps using the API. */
async function measureExport(server: Server, admin: Client, other: Client, expectedRows: number): Promise<ExportResult> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), EXPORT_TIMEOUT_MS);
  let peakRssKb = rssKb(server.child.pid!);
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, rssKb(server.child.pid!));
  }, 50);

  let exporting = true;
  let slowest = 0;
  let count = 0;
  let failures = 0;
  const concurrent = (async () => {
    const urls = ['/sanctum/csrf-cookie', '/api/v1/reporting/conversations'];
    while (exporting) {
      const started = performance.now();
      try {
        const response = await other(urls[count % 2]!);
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        // A reset keep-alive socket is the client's race, not a slow server: counted, not fatal.
        failures += 1;
      }
      slowest = Math.max(slowest, performance.now() - started);
      count += 1;
      await new Promise((r) => setTimeout(r, 25));
    }
  })();

  const started = performance.now();
  let firstByteMs: number | null = null;
  let totalMs: number | null = null;
  let newlines = 0;
  let note = '';
  try {
    const response = await fetch(new URL('/api/v1/reporting/conversations?export=csv', server.origin), {
      headers: { Cookie: admin.jar.header(), Accept: 'text/csv' },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    const limit = response.headers.get('X-Export-Limit');
    if (limit) note += ` X-Export-Limit: ${limit}.`;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      firstByteMs ??= performance.now() - started;
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) newlines += 1;
    }
    totalMs = performance.now() - started;
  } catch (error) {
    note += controller.signal.aborted ? ` aborted after ${EXPORT_TIMEOUT_MS / 1000} s.` : ` failed: ${(error as Error).message}.`;
  } finally {
    clearTimeout(timeout);
    exporting = false;
    await concurrent;
    clearInterval(sampler);
  }
  if (failures) note += ` ${failures} concurrent request(s) failed.`;
  return { firstByteMs, totalMs, rows: Math.max(0, newlines - 1), expectedRows, peakRssKb, slowestConcurrentMs: slowest, concurrentRequests: count, note: note.trim() };
}

interface SizeResult {
  size: number;
  medians: number[];
  totalsAgree: boolean;
  exported?: ExportResult;
  stalls?: { idle: StallFigure; figures: StallFigure[] };
}

async function benchSize(size: number, withExport: boolean): Promise<SizeResult> {
  const file = await buildDatabase(size);
  const server = await startServer(file);
  try {
    const admin = await signIn(server.origin, 'admin@example.com');
    const first = (await timed(admin, CALLS[0].path)).body as { meta: { total: number }; links: { last: string } };
    const medians: number[] = [];
    for (const call of CALLS) {
      const hops = /^NEXT(\d+) /.exec(call.path);
      const url = call.path === 'LAST' ? first.links.last : hops ? await followNext(admin, call.path.slice(hops[0].length), Number(hops[1])) : call.path;
      const times: number[] = [];
      const statuses = new Set<number>();
      for (let run = 0; run < RUNS; run += 1) {
        const answer = await timed(admin, url, 'refusable' in call && call.refusable);
        times.push(answer.ms);
        statuses.add(answer.status);
      }
      medians.push(median(times));
      console.log(`  ${size.toLocaleString('en-US')}: ${call.label}: median ${ms(median(times))} (runs: ${times.map((t) => Math.round(t)).join(', ')}; HTTP ${[...statuses].join(', ')})`);
    }
    // Correctness at this size: the list total and the statistics agree with a recount.
    const db = openDatabase(file);
    const recount = (db.prepare('SELECT COUNT(*) AS n FROM conversations').get() as { n: number }).n;
    db.close();
    const global = ((await timed(admin, '/api/v1/reporting/global')).body as { data: { conversations: number } }).data;
    const totalsAgree = first.meta.total === recount && global.conversations === recount;
    console.log(`  ${size.toLocaleString('en-US')}: meta.total ${first.meta.total}, global ${global.conversations}, COUNT(*) ${recount}: ${totalsAgree ? 'agree' : 'DISAGREE'}`);
    let exported: ExportResult | undefined;
    if (withExport) {
      const other = await signIn(server.origin, 'viewer@example.com');
      exported = await measureExport(server, admin, other, recount);
      console.log(`  export: ${JSON.stringify(exported)}`);
    }
    let stalls: SizeResult['stalls'];
    if (withExport) {
      const prober = await signIn(server.origin, 'viewer@example.com');
      const exporters = [];
      for (let i = 1; i <= EXPORT_USERS; i += 1) exporters.push(await signIn(server.origin, `bench-${i}@example.com`));
      const db = openDatabase(file);
      const recordings = (db
        .prepare('SELECT c.uuid AS c, r.uuid AS r FROM conversation_recordings r JOIN conversations c ON c.id = r.conversation_id WHERE r.has_audio = 1')
        .all() as { c: string; r: string }[]).map((x) => `/api/v1/reporting/conversations/${x.c}/recordings/${x.r}/audio`);
      db.close();
      // The admin searches and asks for the recordings (every account's).
      stalls = await measureStalls({ origin: server.origin, prober, searcher: admin, exporters, recordings });
      for (const f of [stalls.idle, ...stalls.figures]) console.log(`  stall: ${f.label}: slowest ${ms(f.slowestMs)} of ${f.probes} probes${f.failures ? `, ${f.failures} failed` : ''}${f.note ? ` (${f.note})` : ''}`);
    }
    return { size, medians, totalsAgree, exported, stalls };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
}

async function main() {
  console.log(`bench:scale on ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const results: SizeResult[] = [];
  for (const [index, size] of SIZES.entries()) results.push(await benchSize(size, !CALLS_ONLY && index === SIZES.length - 1));

  const header = `| call | ${results.map((r) => `${r.size.toLocaleString('en-US')} rows`).join(' | ')} |`;
  console.log(`\n${header}\n|---|${results.map(() => '---|').join('')}`);
  CALLS.forEach((call, i) => console.log(`| ${call.label} | ${results.map((r) => ms(r.medians[i]!)).join(' | ')} |`));
  const largest = results[results.length - 1]!;
  const e = largest.exported;
  if (e) {
    console.log(`\nexport of ${largest.size.toLocaleString('en-US')} rows: first byte ${e.firstByteMs === null ? 'none' : ms(e.firstByteMs)}, ` +
      `total ${e.totalMs === null ? 'unfinished' : ms(e.totalMs)}, rows ${e.rows.toLocaleString('en-US')} of ${e.expectedRows.toLocaleString('en-US')}, ` +
      `server RSS peak ${mb(e.peakRssKb)}, slowest concurrent request ${ms(e.slowestConcurrentMs)} (${e.concurrentRequests} requests)${e.note ? `; ${e.note}` : ''}`);
  }
  console.log(`totals agree with COUNT(*): ${results.map((r) => `${r.size}: ${r.totalsAgree ? 'yes' : 'NO'}`).join(', ')}`);
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const smallest = results[0]!;
  console.log(`list page 1: ${(largest.medians[0]! / smallest.medians[0]!).toFixed(2)} (${short(largest.size)} / ${short(smallest.size)})`);
  const stalls = largest.stalls;
  if (stalls) {
    console.log(`\nslowest concurrent answer at ${largest.size.toLocaleString('en-US')} conversations (goal ≤ ${STALL_GOAL_MS} ms), against the idle server's ${ms(stalls.idle.slowestMs)}:`);
    for (const f of stalls.figures) {
      console.log(`| ${f.label} | ${ms(f.slowestMs)} | ${(f.slowestMs / stalls.idle.slowestMs).toFixed(2)} (ours / baseline) | ${f.slowestMs <= STALL_GOAL_MS ? 'within goal' : 'OVER GOAL'} |`);
    }
    const worst = Math.max(...stalls.figures.map((f) => f.slowestMs));
    console.log(`ratio: ${(worst / stalls.idle.slowestMs).toFixed(2)} (ours / baseline)`);
  } else {
    console.log(`ratio: ${(largest.medians[0]! / smallest.medians[0]!).toFixed(2)} (ours / baseline)`);
  }
}

if (!existsSync(path.join(root, 'server/main.ts'))) throw new Error('run from the repository');
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
