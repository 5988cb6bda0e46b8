/**
 * npm run bench:lists — a 100-row resource list in headless Chromium against the reference API,
 * beside a static HTML table of the same rows, measured in the same run.
 *
 * Honest by construction (issue 16):
 *   - the static baseline is served by a second origin (a plain Node HTTP server), never through
 *     Playwright's request interception, which would switch Chromium's HTTP cache off;
 *   - warm: one browser context, caches primed by a first (discarded) run, each run a new
 *     navigation; cold: a new browser context per run (empty HTTP cache, the session cookie copied).
 *   - each mode times first page (navigate until 100 rows), next page and sort by name (click until
 *     the new rows are in), and a record page (navigate until its heading names the record), as
 *     medians with min and max.
 *   - a trace line per mode from the page's own Resource Timing and boot's marks (src/main.tsx):
 *     scripts ready, boot, first API call, session read, list call start, rows rendered (ms from
 *     navigation start), so a regression shows where.
 * Last line: `ratio: N.NN (ours / baseline)` = warm (first + next page), portal / static table.
 * Uses PORTAL_DIST (default dist/) or builds the portal into a temporary folder.
 */
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readList } from '../src/api/envelope';
import { RESOURCE_DEFS } from '../src/api/resources';
import { browserTimeZone, FIRST_SCREEN_HINTS_COOKIE, firstScreenHintsValue } from '../src/firstScreenHints';
import { startTestServer } from '../server/testing';
import { launchBrowser, signIn } from '../tests/support/browser';
import { signedInClient } from '../tests/support/signedIn';
import { headingShown, median, portalDist, rowsRendered, sorted, startStaticOrigin, staticRecord, staticTable, type Row } from './pageSides';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const ROWS = 100;

interface Expect {
  first: { rows: number; marker: string };
  next: { rows: number; marker: string };
  sort: { rows: number; marker: string };
  sortFrom: { rows: number; marker: string };
  /** The record page's heading shows this name. */
  record: string;
}
interface Timings {
  first: number[];
  /** The first page until it takes input. */
  firstInteractive: number[];
  /** The record page until it takes input. */
  recordInteractive: number[];
  /** A record page (navigate until its heading shows the record's name). */
  record: number[];
  next: number[];
  sort: number[];
  trace: Array<{ scripts: number; boot: number; firstApi: number; session: number; listCall: number; rows: number }>;
}
const emptyTimings = (): Timings => ({ first: [], firstInteractive: [], record: [], recordInteractive: [], next: [], sort: [], trace: [] });

/** The page's own timeline of the first page: when its scripts, first API call and list call came. */
async function traceOf(page: Page, rowsAt: number) {
  return page.evaluate((rowsAt) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = entries.filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
    const api = entries.filter((e) => /\/(api|sanctum)\//.test(e.name));
    const list = entries.find((e) => /\/api\/v1\/contacts\/?\?/.test(e.name));
    // The portal's own marks of boot's steps (src/main.tsx). No named function here: tsx would wrap it in a helper the page lacks.
    const [boot, session] = ['boot', 'session-answered'].map((step) => performance.getEntriesByName(`portal:${step}`, 'mark')[0]?.startTime ?? NaN);
    return {
      scripts: Math.max(0, ...scripts.map((e) => e.responseEnd)),
      boot: boot!,
      firstApi: api.length ? Math.min(...api.map((e) => e.startTime)) : NaN,
      session: session!,
      listCall: list ? list.startTime : NaN,
      rows: rowsAt,
    };
  }, rowsAt);
}

/** Signs a context in over HTTP (CSRF cookie, then POST /login), so its page cache stays empty. */
async function signInByApi(context: BrowserContext, origin: string) {
  await context.request.get(`${origin}/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies(origin)).find((c) => /XSRF-TOKEN$/.test(c.name));
  const response = await context.request.post(`${origin}/login`, {
    data: { email: 'admin@example.com', password: 'password' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? ''), Accept: 'application/json' },
  });
  if (!response.ok()) throw new Error(`cold sign-in failed: ${response.status()}`);
  // A returning browser's local guest flag (SPEC §4), which a page sign-in would have stored.
  await context.addInitScript(() => localStorage.setItem('isGuest', 'isNotGuest'));
  // And its first-screen hints (its time zone, "All accounts"), which any earlier page wrote (src/firstScreenHints.ts).
  const hints = firstScreenHintsValue({ timeZone: browserTimeZone(), accountId: null });
  await context.addCookies([{ name: FIRST_SCREEN_HINTS_COOKIE, value: encodeURIComponent(hints), url: origin }]);
}

/** One side of the comparison: where its pages are and what a user clicks on them. */
interface Side {
  firstUrl: string;
  sortedByNameUrl: string;
  recordUrl: string;
  next: (page: Page) => Promise<void>;
  sortByName: (page: Page) => Promise<void>;
  /** Resource Timing of the first page (the portal only). */
  traced: boolean;
}

/**
 * Until the page takes input: the portal's `#root` stops being inert once the browser holds a
 * first screen its server drew (src/main.tsx); the static table takes input once loaded.
 */
async function interactive(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'), null, { polling: 'raf', timeout: 30_000 });
}

/**
 * The same walk on either side: first page, next page, a record page, and (from the list sorted
 * by name) a click on "Name". A navigation is timed from its start until what it shows is on
 * screen (the rows, the record's heading), whatever the page's scripts still do (`commit`: the
 * portal's server may draw the first screen before its code has run; the static table has none),
 * and again until the page takes input (`firstInteractive`, `recordInteractive`). A click is made
 * on a page that takes input.
 */
async function runSide(page: Page, side: Side, expect: Expect, into: Timings, keep: boolean) {
  const timed = async (act: () => Promise<unknown>, until: { rows: number; marker: string }) => {
    const start = performance.now();
    await act();
    const rowsAt = await rowsRendered(page, until.rows, until.marker);
    const ms = performance.now() - start;
    await interactive(page);
    return { ms, rowsAt, interactiveMs: performance.now() - start };
  };
  await page.goto('about:blank');
  const first = await timed(() => page.goto(side.firstUrl, { waitUntil: 'commit' }), expect.first);
  const trace = side.traced ? await traceOf(page, first.rowsAt) : undefined;
  const next = await timed(() => side.next(page), expect.next);
  const recordStart = performance.now();
  await page.goto(side.recordUrl, { waitUntil: 'commit' });
  await headingShown(page, expect.record);
  const record = performance.now() - recordStart;
  await interactive(page);
  const recordInteractive = performance.now() - recordStart;
  await page.goto(side.sortedByNameUrl);
  await rowsRendered(page, expect.sortFrom.rows, expect.sortFrom.marker);
  await interactive(page);
  const sort = await timed(() => side.sortByName(page), expect.sort);
  if (!keep) return;
  into.firstInteractive.push(first.interactiveMs);
  into.recordInteractive.push(recordInteractive);
  into.first.push(first.ms);
  into.next.push(next.ms);
  into.sort.push(sort.ms);
  into.record.push(record);
  if (trace) into.trace.push(trace);
}

const portalSide = (url: string, recordId: string): Side => ({
  firstUrl: `${url}/contacts?show=${ROWS}`,
  sortedByNameUrl: `${url}/contacts?show=${ROWS}&sort=name`,
  recordUrl: `${url}/contacts/${recordId}`,
  next: (page) => page.getByRole('button', { name: 'Next page' }).click(),
  sortByName: (page) => page.getByRole('button', { name: /^Name/ }).click(),
  traced: true,
});

const staticSide = (url: string): Side => ({
  firstUrl: `${url}/static-1.html`,
  sortedByNameUrl: `${url}/static-by-name.html`,
  recordUrl: `${url}/static-record.html`,
  next: (page) => page.getByRole('link', { name: 'Next page' }).click(),
  sortByName: (page) => page.getByRole('link', { name: 'Name' }).click(),
  traced: false,
});

async function main() {
  const dist = portalDist('lists');
  const server = await startTestServer({ distDir: dist.dir });
  const browser: Browser = await launchBrowser();
  let statics: Awaited<ReturnType<typeof startStaticOrigin>> | undefined;
  try {
    // The rows both sides render: the API's own pages (first, second, first sorted by name).
    const client = await signedInClient(server.url, 'admin@example.com');
    const read = async (query: string) => readList(RESOURCE_DEFS.contacts.schema, await (await client(`/api/v1/contacts/?show=${ROWS}&${query}`)).json()).data as Row[];
    const [first, second] = [await read('page=1'), await read('page=2')];
    // The sort step starts from the list sorted by name (explicitly) and clicks "Name": descending.
    const ascending = await read('page=1&sort=name');
    const byName = await read('page=1&sort=-name');
    if (first.length !== ROWS || second.length === 0) throw new Error(`need more than ${ROWS} seeded contacts`);
    const expect: Expect = {
      first: { rows: ROWS, marker: String(first[0]!.name) },
      next: { rows: second.length, marker: String(second[0]!.name) },
      sort: { rows: byName.length, marker: String(byName[0]!.name) },
      sortFrom: { rows: ascending.length, marker: String(ascending[0]!.name) },
      record: String(first[0]!.name),
    };
    statics = await startStaticOrigin({
      '/static-1.html': staticTable(first, { next: '/static-2.html', sort: '/static-sorted.html' }),
      '/static-2.html': staticTable(second, {}),
      '/static-by-name.html': staticTable(ascending, { sort: '/static-sorted.html' }),
      '/static-sorted.html': staticTable(byName, {}),
      '/static-record.html': staticRecord(first[0]!),
    });

    // Warm: one context, a discarded first run primes every cache.
    const warmContext: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const warmPage = await warmContext.newPage();
    await warmPage.goto(`${server.url}/login`);
    await signIn(warmPage, 'admin@example.com');
    await warmPage.waitForURL('**/dashboard');
    const staticWarmPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const ours = { warm: emptyTimings(), cold: emptyTimings() };
    const base = { warm: emptyTimings(), cold: emptyTimings() };
    for (let run = 0; run <= RUNS; run += 1) {
      // Interleaved, so machine load falls on both sides alike.
      await runSide(warmPage, portalSide(server.url, String(first[0]!.id)), expect, ours.warm, run > 0);
      await runSide(staticWarmPage, staticSide(statics.url), expect, base.warm, run > 0);
    }

    // Cold: a new context each run (empty HTTP cache), signed in through the API (no page loaded).
    for (let run = 0; run < RUNS; run += 1) {
      const coldContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await signInByApi(coldContext, server.url);
      await runSide(await coldContext.newPage(), portalSide(server.url, String(first[0]!.id)), expect, ours.cold, true);
      await coldContext.close();
      const staticCold = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await runSide(await staticCold.newPage(), staticSide(statics.url), expect, base.cold, true);
      await staticCold.close();
    }

    const cell = (values: number[]) => `${median(values).toFixed(0).padStart(5)} (${sorted(values)[0]!.toFixed(0)}–${sorted(values).at(-1)!.toFixed(0)})`.padEnd(18);
    console.log(`lists benchmark: /contacts, ${ROWS} rows per page, median (min–max) of ${RUNS} runs; static table from a second origin`);
    for (const mode of ['warm', 'cold'] as const) {
      console.log(`\n${mode}: ${mode === 'warm' ? 'cache primed, a new navigation' : 'a new browser context each run'}`);
      console.log(`                      ours ms            static table ms    ratio`);
      for (const step of ['first', 'firstInteractive', 'next', 'sort', 'record', 'recordInteractive'] as const) {
        const label = { first: 'first page (navigate)', firstInteractive: '  … until it takes input', next: 'next page  (click)   ', sort: 'sort by name (click) ', record: 'record page (navigate)', recordInteractive: '  … until it takes input' }[step];
        console.log(`${label} ${cell(ours[mode][step])} ${cell(base[mode][step])} ${(median(ours[mode][step]) / median(base[mode][step])).toFixed(2)}`);
      }
      const t = ours[mode].trace;
      const m = (pick: (x: Timings['trace'][number]) => number) => median(t.map(pick)).toFixed(0);
      console.log(`trace (ms from navigation start, median): scripts ready ${m((x) => x.scripts)}, boot ${m((x) => x.boot)}, first API call ${m((x) => x.firstApi)}, session read ${m((x) => x.session)}, list call start ${m((x) => x.listCall)}, rows rendered ${m((x) => x.rows)}`);
    }
    const goals = {
      warmFirst: median(ours.warm.first) / median(base.warm.first),
      next: median(ours.warm.next) / median(base.warm.next),
      sort: median(ours.warm.sort) / median(base.warm.sort),
      coldFirst: median(ours.cold.first) / median(base.cold.first),
      record: median(ours.warm.record) / median(base.warm.record),
      coldFirstInteractive: median(ours.cold.firstInteractive) / median(base.cold.firstInteractive),
      recordInteractive: median(ours.warm.recordInteractive) / median(base.warm.recordInteractive),
    };
    console.log(`\ngoals: warm first ${goals.warmFirst.toFixed(2)} (≤ 2.5), next ${goals.next.toFixed(2)} (≤ 1.3), sort ${goals.sort.toFixed(2)} (≤ 1.3), cold first ${goals.coldFirst.toFixed(2)} (≤ 3.0), record ${goals.record.toFixed(2)} (≤ 1.5)`);
    console.log(`until it takes input: cold first ${goals.coldFirstInteractive.toFixed(2)}, record ${goals.recordInteractive.toFixed(2)}`);
    const headline = (median(ours.warm.first) + median(ours.warm.next)) / (median(base.warm.first) + median(base.warm.next));
    console.log(`ratio: ${headline.toFixed(2)} (ours / baseline)`);
  } finally {
    await browser.close();
    await server.close();
    await statics?.close();
    dist.cleanup();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
