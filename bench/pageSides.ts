/**
 * What the page benchmarks share (bench/lists.ts, bench/floor.ts, bench/chat.ts): the portal's build,
 * the static baseline's pages and the second origin that serves them, and the waits that time a
 * page until its rows or its heading are on screen.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

export type Row = Record<string, unknown>;

/** PORTAL_DIST (default dist/) when built, else a build into a temporary folder, removed by `cleanup`. */
export function portalDist(name: string): { dir: string; cleanup: () => void } {
  const given = path.resolve(process.env.PORTAL_DIST ?? 'dist');
  if (existsSync(path.join(given, 'index.html'))) return { dir: given, cleanup: () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-dist-`));
  console.log(`building the portal into ${dir} …`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
export const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const escape = (text: unknown) => String(text ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The baseline: the same rows as a static table; next page and sort one plain link away. */
export function staticTable(rows: Row[], links: { next?: string; sort?: string }): string {
  const body = rows.map((r) => `<tr><td><a href="#">${escape(r.name)}</a></td><td>${escape(r.phone_number)}</td><td>${escape(r.email)}</td><td>${escape(r.updated_at)}</td></tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contacts</title></head><body><main><h1>Contacts</h1>
<table aria-label="Contacts"><thead><tr><th>${links.sort ? `<a href="${links.sort}">Name</a>` : 'Name'}</th><th>Phone number</th><th>Email</th><th>Updated</th></tr></thead><tbody>${body}</tbody></table>
${links.next ? `<a href="${links.next}">Next page</a>` : ''}</main></body></html>`;
}

/** The baseline's record page: the same record's fields as a static definition list. */
export function staticRecord(row: Row): string {
  const fields = ['name', 'phone_number', 'email', 'updated_at'].map((key) => `<dt>${key}</dt><dd>${escape(row[key])}</dd>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(row.name)}</title></head><body><main><h1>${escape(row.name)}</h1><dl>${fields}</dl></main></body></html>`;
}

/**
 * A second origin for static pages, with ordinary HTTP caching (no interception, which would
 * switch Chromium's HTTP cache off). With `assetsDir`, `/assets/…` are served from it as the
 * portal's server serves them (immutable).
 */
export async function startStaticOrigin(pages: Record<string, string>, assetsDir?: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '';
    const page = pages[url];
    if (page) return void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(page);
    const asset = assetsDir && /^\/assets\/[\w.-]+$/.test(url) ? path.join(assetsDir, url) : null;
    if (!asset || !existsSync(asset)) return void response.writeHead(404).end();
    const type = asset.endsWith('.css') ? 'text/css' : asset.endsWith('.js') ? 'text/javascript' : 'application/octet-stream';
    response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable' }).end(readFileSync(asset));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Until the page's main heading shows `name` (a record page's first render). */
export function headingShown(page: Page, name: string): Promise<unknown> {
  return page.waitForFunction((name) => document.querySelector('h1')?.textContent?.includes(name) ?? false, name, { polling: 'raf', timeout: 30_000 });
}

/** Until `count` rows are in the table with `marker` in the first; returns the page's clock then. */
export function rowsRendered(page: Page, count: number, marker: string): Promise<number> {
  return page
    .waitForFunction(
      ({ count, marker }) => {
        const rows = document.querySelectorAll('table[aria-label="Contacts"] tbody tr');
        return rows.length === count && rows[0]?.textContent?.includes(marker) ? performance.now() : false;
      },
      { count, marker },
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
}
