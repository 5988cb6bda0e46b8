import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { UNDO_WINDOW_MS } from '../../src/machines/bulkDelete';
import { startE2E, type E2E } from '../support/browser';
import { pageFetch, signedInSession } from '../support/e2eSession';

/**
 * Issue 30, bulk selection against the reference API in Chromium: select 30 contacts across pages
 * and delete them, Undo, delete again (one fails by name); Undo from another page of the portal;
 * closing the tab inside the window asks; 100 rows leave within a frame of the click; export of
 * the selection holds the visible columns; a role without delete sees no bulk delete and the API
 * refuses it.
 */
let e2e: E2E;
let context: BrowserContext;
let page: Page;
const deletes: string[] = [];

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});
afterEach(async () => {
  await context?.close();
});

async function session(email: string, width = 1280) {
  ({ context, page } = await signedInSession(e2e, email, { width, onPage: (p) => p.on('request', (request) => request.method() === 'DELETE' && deletes.push(request.url())) }));
}

const apiCall = (method: string, url: string) => pageFetch<{ meta?: { total: number }; data?: Array<{ id: number; name: string }> }>(page, method, url);

const total = async () => (await apiCall('GET', '/api/v1/contacts/?show=1')).body!.meta!.total;
const main = () => page.getByRole('main');
const table = () => page.getByRole('table', { name: 'Contacts' });
const rowNames = async () => (await table().locator('tbody tr td:nth-child(2) a').allTextContents()).map((t) => t.trim());

describe('bulk selection on a list (Chromium, reference API)', () => {
  test('30 contacts across two pages: delete, Undo, delete again; a record gone meanwhile is named; the rest are deleted after the window', { timeout: 120_000 }, async () => {
    await session('admin@example.com');
    const before = await total();
    await page.goto(e2e.url('/contacts?sort=name'));
    await table().waitFor();
    await main().getByRole('checkbox', { name: 'Select this page' }).check();
    const firstPage = await rowNames();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL('**/contacts?sort=name&page=2');
    await expect.poll(async () => (await rowNames())[0]).not.toBe(firstPage[0]);
    await main().getByRole('checkbox', { name: 'Select this page' }).check();
    await main().getByText('30 selected').waitFor();
    const secondPage = await rowNames();

    await main().getByRole('button', { name: 'Delete selected' }).click();
    // The page's rows are gone at once; the next page's rows are not these.
    expect((await rowNames()).filter((name) => secondPage.includes(name))).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Undo');
    await page.screenshot({ path: '/tmp/staffshots/bulk-undo-1280.png' });
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await main().getByRole('button', { name: 'Undo' }).click();
    await expect.poll(rowNames).toEqual(secondPage);
    expect(deletes).toEqual([]);

    // Again, and one of them is deleted elsewhere while the window runs: it is named afterwards.
    await main().getByRole('checkbox', { name: 'Select this page' }).check();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.waitForURL('**/contacts?sort=name');
    await main().getByRole('checkbox', { name: 'Select this page' }).check();
    await main().getByText('30 selected').waitFor();
    await main().getByRole('button', { name: 'Delete selected' }).click();
    const goneMeanwhile = (await apiCall('GET', `/api/v1/contacts/?sort=name&page=2`)).body!.data![0]!;
    expect(secondPage).toContain(goneMeanwhile.name);
    expect((await apiCall('DELETE', `/api/v1/contacts/${goneMeanwhile.id}`)).status).toBeLessThan(300);
    const sent = Date.now();
    await main().getByRole('alert').filter({ hasText: 'could not be deleted' }).waitFor({ timeout: UNDO_WINDOW_MS + 20_000 });
    expect(Date.now() - sent).toBeGreaterThanOrEqual(UNDO_WINDOW_MS - 1000);
    expect(await main().getByRole('alert').textContent()).toContain(`1 of 30 contacts could not be deleted: ${goneMeanwhile.name}`);
    expect(deletes.length).toBe(1 + 30);
    expect(await total()).toBe(before - 30);
    // The list asked again: its first page is now records that were not selected.
    await expect.poll(async () => (await rowNames()).filter((name) => firstPage.includes(name) || secondPage.includes(name))).toEqual([]);
  });

  test('Undo from another part of the portal; closing the tab inside the window asks', { timeout: 90_000 }, async () => {
    await session('admin@example.com');
    deletes.length = 0;
    await page.goto(e2e.url('/contacts'));
    await table().waitFor();
    const names = (await rowNames()).slice(0, 2);
    for (const name of names) await main().getByRole('checkbox', { name: `Select ${name}` }).check();
    await main().getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Bots', exact: true }).click();
    await page.waitForURL('**/bots');
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Contacts', exact: true }).click();
    await table().waitFor();
    await expect.poll(async () => (await rowNames()).slice(0, 2)).toEqual(names);
    await page.waitForTimeout(UNDO_WINDOW_MS + 500);
    expect(deletes).toEqual([]);

    await main().getByRole('checkbox', { name: `Select ${names[0]}` }).check();
    await main().getByRole('button', { name: 'Delete selected' }).click();
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => { resolve(dialog.type()); void dialog.accept(); }));
    const closed = new Promise((resolve) => page.once('close', resolve));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await closed;
  });

  test('100 rows leave within a frame of the click; export of the selection holds the visible columns', { timeout: 90_000 }, async () => {
    await session('admin@example.com');
    await page.goto(e2e.url('/contacts?show=100'));
    await table().waitFor();
    await main().getByRole('checkbox', { name: 'Select this page' }).check();
    await main().getByText('100 selected').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), main().getByRole('button', { name: 'Export selected (CSV)' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    expect(csv[0]).toBe('name,phone_number,email,updated_at,account_id');
    expect(csv).toHaveLength(101);

    const frames = await page.evaluate(
      () =>
        new Promise<{ sameTask: number; nextFrame: number; ms: number }>((resolve) => {
          const rows = () => document.querySelectorAll('table[aria-label="Contacts"] tbody tr').length;
          const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Delete selected')!;
          const start = performance.now();
          button.click();
          const sameTask = rows();
          requestAnimationFrame(() => resolve({ sameTask, nextFrame: rows(), ms: performance.now() - start }));
        }),
    );
    console.log(`bulk delete of 100: rows left in the click's own task ${frames.sameTask}, at the next frame ${frames.nextFrame}, ${frames.ms.toFixed(1)} ms`);
    expect(frames.nextFrame).toBe(0);
    await main().getByRole('button', { name: 'Undo' }).click();
  });

  test('a role without delete: checkboxes and export, no Delete selected; the API refuses the delete', { timeout: 60_000 }, async () => {
    await session('viewer@example.com', 390);
    await page.goto(e2e.url('/contacts'));
    await table().waitFor();
    const first = (await rowNames())[0]!;
    await main().getByRole('checkbox', { name: `Select ${first}` }).check();
    await main().getByText('1 selected').waitFor();
    expect(await main().getByRole('button', { name: 'Export selected (CSV)' }).count()).toBe(1);
    expect(await main().getByRole('button', { name: 'Delete selected' }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/staffshots/bulk-viewer-390.png' });
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    const id = (await apiCall('GET', '/api/v1/contacts/?show=1')).body!.data![0]!.id;
    expect((await apiCall('DELETE', `/api/v1/contacts/${id}`)).status).toBe(403);
  });
});
