/**
 * npm run bench:lists — a 100-row resource list in headless Chromium against the reference API.
 *
 * Measured in the same run, median of RUNS each:
 *   - ours: from navigation to `/contacts?show=100` until 100 rows are in the table (a full SPA
 *     start: config, session restore, permissions, the list call, render), then from a click on
 *     "Next page" until the next page's rows are in the table;
 *   - baseline: a plain static HTML table of the same rows (server-rendered, no script), for the
 *     first page and, by following a link, the next page — served from the same origin;
 *   - the zod parse cost of the 100-row list envelope with the portal's own schema, per row
 *     (JSON.parse of the same body beside it).
 * Last line: `ratio: N.NN (ours / baseline)` = (first + next page) time, portal / static table.
 * Uses PORTAL_DIST (default dist/) or builds the portal into a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { readList } from '../src/api/envelope';
import { RESOURCE_DEFS } from '../src/api/resources';
import { startTestServer } from '../server/testing';
import { launchBrowser, signIn } from '../tests/support/browser';
import { signedInClient } from '../tests/support/signedIn';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ROWS = 100;

function portalDist(): { dir: string; cleanup: () => void } {
  const given = path.resolve(process.env.PORTAL_DIST ?? 'dist');
  if (existsSync(path.join(given, 'index.html'))) return { dir: given, cleanup: () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-lists-dist-'));
  console.log(`building the portal into ${dir} …`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const escape = (text: unknown) => String(text ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The baseline: the same rows as a static table, the next page one plain link away. */
function staticTable(rows: Array<Record<string, unknown>>, next: string | null): string {
  const body = rows.map((r) => `<tr><td><a href="#">${escape(r.name)}</a></td><td>${escape(r.phone_number)}</td><td>${escape(r.email)}</td><td>${escape(r.updated_at)}</td></tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contacts</title></head><body><main><h1>Contacts</h1>
<table aria-label="Contacts"><thead><tr><th>Name</th><th>Phone number</th><th>Email</th><th>Updated</th></tr></thead><tbody>${body}</tbody></table>
${next ? `<a href="${next}">Next page</a>` : ''}</main></body></html>`;
}

async function rowsRendered(page: Page, count: number, marker: string): Promise<void> {
  await page.waitForFunction(
    ({ count, marker }) => {
      const rows = document.querySelectorAll('table[aria-label="Contacts"] tbody tr');
      return rows.length === count && rows[0]?.textContent?.includes(marker);
    },
    { count, marker },
    { polling: 'raf' },
  );
}

async function main() {
  const dist = portalDist();
  const server = await startTestServer({ distDir: dist.dir });
  const browser = await launchBrowser();
  try {
    // The rows both sides render: the API's own first two pages.
    const client = await signedInClient(server.url, 'admin@example.com');
    const firstText = await (await client(`/api/v1/contacts/?show=${ROWS}&page=1`)).text();
    const first = readList(RESOURCE_DEFS.contacts.schema, JSON.parse(firstText));
    const second = readList(RESOURCE_DEFS.contacts.schema, await (await client(`/api/v1/contacts/?show=${ROWS}&page=2`)).json());
    if (first.data.length !== ROWS || second.data.length === 0) throw new Error(`need more than ${ROWS} seeded contacts`);
    const firstName = String(first.data[0]!.name);
    const secondName = String(second.data[0]!.name);

    const firstRows = first.data as Array<Record<string, unknown>>;
    const secondRows = second.data as Array<Record<string, unknown>>;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await context.route('**/__bench/static-*.html', (route) => {
      const second = route.request().url().endsWith('static-2.html');
      return route.fulfill({ contentType: 'text/html', body: second ? staticTable(secondRows, null) : staticTable(firstRows, `${server.url}/__bench/static-2.html`) });
    });

    const ours = { first: [] as number[], next: [] as number[] };
    const base = { first: [] as number[], next: [] as number[] };
    for (let run = 0; run < RUNS + 1; run += 1) {
      // Ours: a full navigation (the SPA starts, restores the session, loads and renders).
      await page.goto('about:blank');
      let start = performance.now();
      await page.goto(`${server.url}/contacts?show=${ROWS}`);
      await rowsRendered(page, ROWS, firstName);
      const oursFirst = performance.now() - start;
      start = performance.now();
      await page.getByRole('button', { name: 'Next page' }).click();
      await rowsRendered(page, second.data.length, secondName);
      const oursNext = performance.now() - start;

      await page.goto('about:blank');
      start = performance.now();
      await page.goto(`${server.url}/__bench/static-1.html`);
      await rowsRendered(page, ROWS, firstName);
      const baseFirst = performance.now() - start;
      start = performance.now();
      await page.getByRole('link', { name: 'Next page' }).click();
      await rowsRendered(page, second.data.length, secondName);
      const baseNext = performance.now() - start;
      if (run === 0) continue; // warm-up: caches and JIT on both sides
      ours.first.push(oursFirst);
      ours.next.push(oursNext);
      base.first.push(baseFirst);
      base.next.push(baseNext);
    }

    // zod parse cost of a 100-row list, per row, with the portal's own schema.
    const payload: unknown = JSON.parse(firstText);
    const iterations = 300;
    for (let i = 0; i < 30; i += 1) readList(RESOURCE_DEFS.contacts.schema, payload);
    let t = performance.now();
    for (let i = 0; i < iterations; i += 1) readList(RESOURCE_DEFS.contacts.schema, payload);
    const zodPerRow = ((performance.now() - t) / iterations / ROWS) * 1000;
    t = performance.now();
    for (let i = 0; i < iterations; i += 1) JSON.parse(firstText);
    const jsonPerRow = ((performance.now() - t) / iterations / ROWS) * 1000;

    const f = (n: number) => n.toFixed(1).padStart(7);
    const of = { first: median(ours.first), next: median(ours.next) };
    const bf = { first: median(base.first), next: median(base.next) };
    console.log(`lists benchmark: /contacts, ${ROWS} rows per page, median of ${RUNS} runs (after a warm-up)`);
    console.log(`                      ours ms   static table ms   ratio`);
    console.log(`first page (navigate) ${f(of.first)}   ${f(bf.first)}          ${(of.first / bf.first).toFixed(2)}`);
    console.log(`next page  (click)    ${f(of.next)}   ${f(bf.next)}          ${(of.next / bf.next).toFixed(2)}`);
    console.log(`zod parse of the list envelope: ${zodPerRow.toFixed(2)} µs per row (JSON.parse of the body: ${jsonPerRow.toFixed(2)} µs per row)`);
    console.log(`ratio: ${((of.first + of.next) / (bf.first + bf.next)).toFixed(2)} (ours / baseline)`);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    dist.cleanup();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
