/**
 * npm run bench:floor — how fast the portal's pages could be at best, beside bench/lists.ts'
 * static baseline, measured in the same run.
 *
 * The portal's server draws a list or a record page from its first answers (docs/first-screen.md).
 * This bench takes those very pages as the reference API sends them (a signed-in browser's,
 * drawn), removes their scripts, and serves them as files from a second origin with the portal's
 * stylesheets: a page that costs its server nothing and its browser only its own markup. No
 * version of the portal that shows the same screen can be faster than that, so a goal below this
 * floor cannot be met by the portal's code; it would need a smaller screen.
 *
 * Warm (one context per side, caches primed by a discarded first run), interleaved, each run a
 * new navigation timed from its start (`commit`) until the rows or the record's heading are on
 * screen, exactly as bench/lists.ts times them.
 * Last line: `ratio: N.NN (ours / baseline)` = the record page's floor, drawn page / static page.
 */
import { performance } from 'node:perf_hooks';
import type { Browser, Page } from 'playwright-core';
import { readList } from '../src/api/envelope';
import { RESOURCE_DEFS } from '../src/api/resources';
import { browserTimeZone, FIRST_SCREEN_HINTS_COOKIE, firstScreenHintsValue, SERVER_DRAWN_ATTRIBUTE } from '../src/firstScreenHints';
import { startTestServer } from '../server/testing';
import { launchBrowser } from '../tests/support/browser';
import { signedInClient } from '../tests/support/signedIn';
import { headingShown, median, portalDist, rowsRendered, sorted, startStaticOrigin, staticRecord, staticTable, type Row } from './pageSides';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ROWS = 100;

/** The page without its code: no module script, no module preload (the stylesheets and the rest stay). */
function withoutScripts(html: string): string {
  return html.replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
}

async function main() {
  const dist = portalDist('floor');
  const server = await startTestServer({ distDir: dist.dir });
  const browser: Browser = await launchBrowser();
  let origin: Awaited<ReturnType<typeof startStaticOrigin>> | undefined;
  try {
    const client = await signedInClient(server.url, 'admin@example.com');
    const rows = readList(RESOURCE_DEFS.contacts.schema, await (await client(`/api/v1/contacts/?show=${ROWS}&page=1`)).json()).data as Row[];
    const record = rows[0]!;
    // The pages as the server sends them to a signed-in browser that told it its zone ("All accounts").
    const hints = `${FIRST_SCREEN_HINTS_COOKIE}=${encodeURIComponent(firstScreenHintsValue({ timeZone: browserTimeZone(), accountId: null }))}`;
    const drawnPage = async (path: string) => {
      const html = await (await fetch(`${server.url}${path}`, { headers: { cookie: `${client.jar.header()}; ${hints}`, accept: 'text/html' } })).text();
      if (!html.includes(SERVER_DRAWN_ATTRIBUTE)) throw new Error(`${path} was not drawn by the server`);
      return withoutScripts(html);
    };
    origin = await startStaticOrigin(
      {
        '/drawn-list.html': await drawnPage(`/contacts?show=${ROWS}`),
        '/drawn-record.html': await drawnPage(`/contacts/${String(record.id)}`),
        '/static-list.html': staticTable(rows, {}),
        '/static-record.html': staticRecord(record),
      },
      dist.dir,
    );

    const marker = String(record.name);
    const steps = {
      list: { until: (page: Page) => rowsRendered(page, rows.length, marker) },
      record: { until: (page: Page) => headingShown(page, marker) },
    };
    const pageOf = async () => (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const sides = { drawn: await pageOf(), static: await pageOf() };
    const times = { drawn: { list: [] as number[], record: [] as number[] }, static: { list: [] as number[], record: [] as number[] } };
    for (let run = 0; run <= RUNS; run += 1) {
      for (const step of ['list', 'record'] as const) {
        for (const side of ['drawn', 'static'] as const) {
          const page = sides[side];
          await page.goto('about:blank');
          const start = performance.now();
          await page.goto(`${origin.url}/${side}-${step}.html`, { waitUntil: 'commit' });
          await steps[step].until(page);
          if (run > 0) times[side][step].push(performance.now() - start);
        }
      }
    }

    const cell = (values: number[]) => `${median(values).toFixed(0).padStart(5)} (${sorted(values)[0]!.toFixed(0)}–${sorted(values).at(-1)!.toFixed(0)})`.padEnd(18);
    console.log(`floor benchmark: the portal's server-drawn pages without their scripts, served as files, beside the static pages; median (min–max) of ${RUNS} warm runs`);
    console.log(`                        drawn, no code ms  static ms          ratio`);
    for (const step of ['list', 'record'] as const) {
      console.log(`${step === 'list' ? 'first page (100 rows)' : 'record page          '}   ${cell(times.drawn[step])} ${cell(times.static[step])} ${(median(times.drawn[step]) / median(times.static[step])).toFixed(2)}`);
    }
    console.log(`(bench/lists.ts goals: warm first page ≤ 2.5, record page ≤ 1.5)`);
    console.log(`ratio: ${(median(times.drawn.record) / median(times.static.record)).toFixed(2)} (ours / baseline)`);
  } finally {
    await browser.close();
    await server.close();
    await origin?.close();
    dist.cleanup();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
