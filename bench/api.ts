/**
 * npm run bench:api — does the largest bot import stall the reference API?
 *
 * In one run, against one in-process server (fresh in-memory database):
 *   - baseline: a plain GET (/api/v1/users/auth) on an idle server, median of RUNS;
 *   - ours: the longest event-loop block (perf_hooks.monitorEventLoopDelay, 1 ms resolution)
 *     while a maximum-size import (IMPORT_LIMITS: 100 agents × 5 tools, ~1.6 MB) is served,
 *     worst of RUNS imports (each a new file, so nothing is de-duplicated away), with the
 *     latency of a plain GET sent during the import beside it.
 * Goal: the longest block under 100 ms. The request bodies are serialised before measuring.
 * Last line: `ratio: N.NN (ours / baseline)` = longest block / plain GET time.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startTestServer } from '../server/testing';
import { signedInClient } from '../tests/support/signedIn';
import { botFile, MAX_IMPORT } from '../tests/security/importFixtures';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const server = await startTestServer();
  try {
    const client = await signedInClient(server.url, 'admin@example.com');
    const headers = { Cookie: client.jar.header(), 'X-XSRF-TOKEN': client.jar.decoded('XSRF-TOKEN') ?? '', Accept: 'application/json' };
    const plainGet = async () => {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/v1/users/auth`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET answered ${response.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 3; i++) await plainGet(); // warm up
    const idle: number[] = [];
    for (let i = 0; i < RUNS * 4; i++) idle.push(await plainGet());

    let longestBlock = 0;
    const during: number[] = [];
    // Every file is built before measuring, and the heap is collected before each import (when
    // run with --expose-gc, as the npm script does), so the bench's own garbage is not counted.
    const bodies = Array.from({ length: RUNS }, (_, run) => JSON.stringify({ import: botFile({ ...MAX_IMPORT, tag: `bench-${run}` }) }));
    const bytes = bodies[0]!.length;
    const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
    for (const body of bodies) {
      collect();
      const histogram = monitorEventLoopDelay({ resolution: 1 });
      histogram.enable();
      const importing = fetch(`${server.url}/api/v1/bots`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body });
      await new Promise((resolve) => setTimeout(resolve, 2));
      during.push(await plainGet());
      const response = await importing;
      await response.arrayBuffer();
      histogram.disable();
      if (response.status !== 201) throw new Error(`import answered ${response.status}`);
      longestBlock = Math.max(longestBlock, histogram.max / 1e6);
    }
    const baseline = median(idle);
    console.log(`maximum import: ${(bytes / 1024 / 1024).toFixed(2)} MB, ${MAX_IMPORT.agents} agents × ${MAX_IMPORT.toolsPerAgent} tools, ${RUNS} runs`);
    console.log(`plain GET (idle, median):        ${baseline.toFixed(1)} ms`);
    console.log(`plain GET during import (worst): ${Math.max(...during).toFixed(1)} ms`);
    console.log(`longest event-loop block:        ${longestBlock.toFixed(1)} ms (goal < 100 ms)`);
    console.log(`ratio: ${(longestBlock / baseline).toFixed(2)} (ours / baseline)`);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
