/**
 * npm run bench:drawing — does drawing signed-in pages' first screens hold other users' requests?
 * (server/http/drawingThread.ts: the drawing has a thread of its own.)
 *
 * Three loops (in a child process, bench/stallLoad.ts, so this process only probes) request a
 * 100-row list and a record page back to back for BENCH_DRAWING_S seconds, while a second user
 * keeps asking for the CSRF cookie and a list of conversations (bench/stalls.ts' probe):
 *   - baseline: the pages without the browser's first-screen hints: their first answers are
 *     written in, nothing is drawn;
 *   - ours: the same pages with the hints: each is drawn as well.
 * Both in the same run, on the same server. Printed: the probe's median, 90th percentile and
 * slowest answer under each load, and how many pages arrived drawn (all of the second load's, or
 * the figure is not about drawing).
 * Last line: `ratio: N.NN (ours / baseline)` = the probe's 90th percentile under drawn pages /
 * under undrawn ones. Measured here: 1.50 with the drawing on its thread, 2.32 with it on the
 * server's own (the probe's median 4.9 against 10.6 ms).
 */
import { RESOURCE_DEFS } from '../src/api/resources';
import { readList } from '../src/api/envelope';
import { browserTimeZone, FIRST_SCREEN_HINTS_COOKIE, firstScreenHintsValue } from '../src/firstScreenHints';
import { startTestServer } from '../server/testing';
import { signedInClient } from '../tests/support/signedIn';
import { portalDist, sorted } from './pageSides';
import { statusNote, withLoad, type ProbeRun } from './stalls';

const SECONDS = Number(process.env.BENCH_DRAWING_S ?? 8);
const PARALLEL = 3;

const percentile = (values: number[], p: number) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function main() {
  const dist = portalDist('drawing');
  const server = await startTestServer({ distDir: dist.dir });
  try {
    const reader = await signedInClient(server.url, 'admin@example.com');
    const prober = await signedInClient(server.url, 'admin@example.com');
    const [first] = readList(RESOURCE_DEFS.contacts.schema, await (await reader('/api/v1/contacts/?show=1')).json()).data;
    const paths = ['/contacts?show=100', `/contacts/${first!.id}`];
    const hints = `${FIRST_SCREEN_HINTS_COOKIE}=${encodeURIComponent(firstScreenHintsValue({ timeZone: browserTimeZone(), accountId: null }))}`;
    const load = (cookie: string) => ({ kind: 'pages' as const, origin: server.url, cookie, paths, parallel: PARALLEL, seconds: SECONDS });

    // A short warm-up of each, so neither side pays the server's first compilations.
    for (const cookie of [reader.jar.header(), `${reader.jar.header()}; ${hints}`]) await withLoad(prober, { ...load(cookie), seconds: 2 });
    const undrawn = await withLoad(prober, load(reader.jar.header()));
    const drawn = await withLoad(prober, load(`${reader.jar.header()}; ${hints}`));

    const row = (label: string, run: ProbeRun, pages: { statuses: Record<number, number>; drawn?: number }) =>
      console.log(
        `${label.padEnd(26)} ${percentile(run.timesMs, 0.5).toFixed(1).padStart(7)} ${percentile(run.timesMs, 0.9).toFixed(1).padStart(7)} ${run.slowestMs.toFixed(1).padStart(8)}  ${String(run.probes).padStart(6)}   ${statusNote(pages.statuses)}, ${pages.drawn ?? 0} drawn`,
      );
    console.log(`drawing benchmark: a second user's small requests while ${PARALLEL} loops request signed-in pages for ${SECONDS} s (ms)`);
    console.log(`load                           p50     p90  slowest  probes   pages`);
    row('pages, not drawn (baseline)', undrawn.run, undrawn.result);
    row('pages, drawn', drawn.run, drawn.result);
    if (!drawn.result.drawn) throw new Error('no page arrived drawn: is the portal built with its server bundle (dist/ssr)?');
    console.log(`ratio: ${(percentile(drawn.run.timesMs, 0.9) / percentile(undrawn.run.timesMs, 0.9)).toFixed(2)} (ours / baseline)`);
  } finally {
    await server.close();
    dist.cleanup();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
