/**
 * bench:scale's stall figures (issue 27 #2 and #6): while one kind of heavy traffic runs, a
 * second user keeps requesting `/sanctum/csrf-cookie` and the conversations list's page 1, and
 * the slowest of those answers is the figure (goal: ≤ 250 ms). Baseline: the same probe on the
 * idle server, in the same run.
 *
 * - search loop: one user sends the 1,500 zeros, 100 zeros, "000", a common phrase,
 *   one and two characters and uuid fragments, back to back;
 * - 100 parallel requests for recordings (spread over every recording with audio);
 * - 40 concurrent CSV exports of the whole list (20 users, two each: the per-user cap), read for
 *   BENCH_STALL_S seconds, then cancelled.
 *
 * Each load runs in a child process (bench/stallLoad.ts): this process only probes, so the
 * figure is the server's delay, not the time this loop spent reading the load's bodies.
 */
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Database } from '../server/db/connection';
import type { jarFetch } from '../tests/support/cookieJar';
import type { LoadOrder, LoadResult } from './stallLoad';

const here = path.dirname(fileURLToPath(import.meta.url));

export const STALL_SECONDS = Number(process.env.BENCH_STALL_S ?? 10);

type Client = ReturnType<typeof jarFetch>;

export interface StallFigure {
  label: string;
  slowestMs: number;
  probes: number;
  failures: number;
  note: string;
}

/** Adds bench-<n>@example.com users like the admin (same password and roles), for the exports' users. */
export function addBenchUsers(db: Database, count: number): string[] {
  const emails = Array.from({ length: count }, (_, i) => `bench-${i + 1}@example.com`);
  const admin = db.prepare("SELECT id FROM users WHERE email = 'admin@example.com'").get() as { id: number };
  for (const email of emails) {
    db.prepare(
      `INSERT OR IGNORE INTO users (account_id, name, email, password_hash, email_verified_at, is_admin)
       SELECT account_id, ?, ?, password_hash, email_verified_at, is_admin FROM users WHERE id = ?`,
    ).run(`Bench ${email}`, email, admin.id);
    db.prepare('INSERT OR IGNORE INTO user_roles (user_id, role_id) SELECT (SELECT id FROM users WHERE email = ?), role_id FROM user_roles WHERE user_id = ?').run(email, admin.id);
  }
  return emails;
}

export interface ProbeRun {
  slowestMs: number;
  probes: number;
  failures: number;
  /** Every probe's answer time, in order. */
  timesMs: number[];
}

/** Probes the server with `client` until `stop` resolves; the slowest answer wins. */
export async function probeWhile(client: Client, stop: Promise<unknown>): Promise<ProbeRun> {
  let running = true;
  void stop.finally(() => {
    running = false;
  });
  const urls = ['/sanctum/csrf-cookie', '/api/v1/reporting/conversations'];
  let slowestMs = 0;
  let probes = 0;
  let failures = 0;
  const timesMs: number[] = [];
  while (running) {
    const started = performance.now();
    try {
      const response = await client(urls[probes % 2]!);
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
    } catch {
      failures += 1;
    }
    timesMs.push(performance.now() - started);
    slowestMs = Math.max(slowestMs, timesMs.at(-1)!);
    probes += 1;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { slowestMs, probes, failures, timesMs };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface StallSetup {
  origin: string;
  prober: Client;
  searcher: Client;
  /** Clients of different users, two exports each. */
  exporters: Client[];
  /** Audio URLs of recordings with audio. */
  recordings: string[];
}

/** Runs one load in a child process (bench/stallLoad.ts) while the prober probes; its result when it ended. */
export async function withLoad(prober: Client, order: LoadOrder): Promise<{ run: ProbeRun; result: LoadResult }> {
  const child = fork(path.join(here, 'stallLoad.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const messages = new EventEmitter();
  child.on('message', (message: { type: string; result?: LoadResult }) => messages.emit(message.type, message.result));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`stall load ${order.kind} exited (${code})`))));
  const started = new Promise<void>((resolve) => messages.once('started', () => resolve()));
  const done = new Promise<LoadResult>((resolve) => messages.once('done', resolve));
  child.send(order);
  await Promise.race([started, exited]);
  const run = await probeWhile(prober, Promise.race([done, exited]));
  const result = await Promise.race([done, exited]);
  return { run, result };
}

/** A probe run as a stall figure (its slowest answer; the times themselves stay out of the results). */
const figureOf = (label: string, { slowestMs, probes, failures }: ProbeRun, note: string): StallFigure => ({ label, slowestMs, probes, failures, note });

export const statusNote = (statuses: Record<number, number>) =>
  Object.entries(statuses).map(([status, n]) => `${n}× ${status === '0' ? 'no answer' : status}`).join(', ');

export async function measureStalls(setup: StallSetup): Promise<{ idle: StallFigure; figures: StallFigure[] }> {
  const idleRun = await probeWhile(setup.prober, sleep(3_000));
  const idle = figureOf('idle server (baseline)', idleRun, '');
  const { origin } = setup;

  // 1. One user loops heavy searches.
  // Short uuid prefixes match the most rows: the scale seed's copies have version-7 uuids (start time
  // first), so '01' and '019' are what 'a' and 'e0' were for random ones.
  const searches = [
    '0'.repeat(1_500), '0'.repeat(100), '000', 'pending authorisation', 'a', 'ab', 'a1b2', '1555', '4a7f', 'zzq', 'e0', '01', '019',
  ];
  const search = await withLoad(setup.prober, { kind: 'search', origin, cookie: setup.searcher.jar.header(), searches, seconds: STALL_SECONDS });
  const figures: StallFigure[] = [figureOf('one user looping searches', search.run, statusNote(search.result.statuses))];

  // 2. 100 parallel requests for recordings.
  const audio = await withLoad(setup.prober, { kind: 'audio', origin, cookie: setup.searcher.jar.header(), urls: setup.recordings, parallel: 100 });
  figures.push(
    figureOf(
      `100 parallel recording requests (${setup.recordings.length} recordings)`,
      audio.run,
      `all answered in ${Math.round(audio.result.elapsedMs)} ms: ${statusNote(audio.result.statuses)}, ${Math.round(audio.result.bytes / 1024 / 1024)} MB`,
    ),
  );

  // 3. 40 concurrent exports, read as they stream, then cancelled.
  const cookies = setup.exporters.map((client) => client.jar.header());
  const exports = await withLoad(setup.prober, { kind: 'exports', origin, cookies, perUser: 2, seconds: STALL_SECONDS });
  figures.push(figureOf(`${cookies.length * 2} concurrent CSV exports`, exports.run, `${statusNote(exports.result.statuses)}; ${Math.round(exports.result.bytes / 1024 / 1024)} MB streamed in ${STALL_SECONDS} s`));
  return { idle, figures };
}
