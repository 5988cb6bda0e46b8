/**
 * bench:scale's stall figures (issue 27 #2 and #6): while one kind of heavy traffic runs, a
 * second user keeps requesting `/sanctum/csrf-cookie` and the conversations list's page 1, and
 * the slowest of those answers is the figure (goal: ≤ 250 ms). Baseline: the same probe on the
 * idle server, in the same run.
 *
 * - search loop: one user sends the issue's 1,500 zeros, 100 zeros, "000", a common phrase,
 *   one and two characters and uuid fragments, back to back;
 * - 100 parallel requests for recordings (spread over every recording with audio);
 * - 40 concurrent CSV exports of the whole list (20 users, two each: the per-user cap), read for
 *   BENCH_STALL_S seconds, then cancelled.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/connection';
import type { jarFetch } from '../tests/support/cookieJar';

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

/** Probes the server with `client` until `stop` resolves; the slowest answer wins. */
async function probeWhile(client: Client, stop: Promise<unknown>): Promise<{ slowestMs: number; probes: number; failures: number }> {
  let running = true;
  void stop.finally(() => {
    running = false;
  });
  const urls = ['/sanctum/csrf-cookie', '/api/v1/reporting/conversations'];
  let slowestMs = 0;
  let probes = 0;
  let failures = 0;
  while (running) {
    const started = performance.now();
    try {
      const response = await client(urls[probes % 2]!);
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
    } catch {
      failures += 1;
    }
    slowestMs = Math.max(slowestMs, performance.now() - started);
    probes += 1;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { slowestMs, probes, failures };
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

export async function measureStalls(setup: StallSetup): Promise<{ idle: StallFigure; figures: StallFigure[] }> {
  const idleRun = await probeWhile(setup.prober, sleep(3_000));
  const idle: StallFigure = { label: 'idle server (baseline)', ...idleRun, note: '' };

  // 1. One user loops heavy searches.
  const searches = [
    '0'.repeat(1_500), '0'.repeat(100), '000', 'pending authorisation', 'a', 'ab', 'a1b2', '1555', '4a7f', 'zzq', 'e0',
  ];
  const answers = new Map<number, number>();
  let loop = true;
  const searching = (async () => {
    for (let i = 0; loop; i += 1) {
      const response = await setup.searcher(`/api/v1/reporting/conversations?search=${encodeURIComponent(searches[i % searches.length]!)}`);
      await response.arrayBuffer();
      answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
    }
  })();
  const searchRun = await probeWhile(setup.prober, sleep(STALL_SECONDS * 1000));
  loop = false;
  await searching;
  const figures: StallFigure[] = [
    { label: 'one user looping searches', ...searchRun, note: [...answers].map(([status, n]) => `${n}× ${status}`).join(', ') },
  ];

  // 2. 100 parallel requests for recordings.
  const started = performance.now();
  let audioFailures = 0;
  const audio = Promise.all(
    Array.from({ length: 100 }, async (_, i) => {
      const response = await setup.searcher(setup.recordings[i % setup.recordings.length]!);
      await response.arrayBuffer();
      if (!response.ok) audioFailures += 1;
    }),
  ).then(() => performance.now() - started);
  const audioRun = await probeWhile(setup.prober, audio);
  figures.push({
    label: `100 parallel recording requests (${setup.recordings.length} recordings)`,
    ...audioRun,
    note: `all answered in ${Math.round(await audio)} ms${audioFailures ? `, ${audioFailures} failed` : ''}`,
  });

  // 3. 40 concurrent exports, read as they stream, then cancelled.
  const controller = new AbortController();
  let exportBytes = 0;
  const statuses = new Map<number, number>();
  const exports = setup.exporters.flatMap((client) =>
    [0, 1].map(async () => {
      try {
        const response = await fetch(new URL('/api/v1/reporting/conversations?export=csv', setup.origin), {
          headers: { Cookie: client.jar.header(), Accept: 'text/csv' },
          signal: controller.signal,
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) exportBytes += chunk.byteLength;
      } catch {
        // Cancelled at the end of the window.
      }
    }),
  );
  const exportRun = await probeWhile(setup.prober, sleep(STALL_SECONDS * 1000));
  controller.abort();
  await Promise.all(exports);
  figures.push({
    label: `${exports.length} concurrent CSV exports`,
    ...exportRun,
    note: `${[...statuses].map(([status, n]) => `${n}× ${status}`).join(', ')}; ${Math.round(exportBytes / 1024 / 1024)} MB streamed in ${STALL_SECONDS} s`,
  });
  return { idle, figures };
}
