import { afterAll, beforeAll, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';
import { signedInClient } from '../support/signedIn';

let e2e: E2E;
beforeAll(async () => {
  // A loaded test machine may take longer than the 300 ms a page waits for its answers by default.
  e2e = await startE2E({ firstAnswersTimeoutMs: 5_000 });
});
afterAll(async () => {
  await e2e?.close();
});

/** The API calls the page sends over the network from now on (method, path and query). */
function apiRequests(e2e: E2E): string[] {
  const sent: string[] = [];
  e2e.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return sent;
}

/**
 * Issue 25 (speed): a signed-in page carries its first answers (docs/first-answers.md), so the
 * session read and the page's first call cost no round trip after boot; what the user sees is the same.
 */
test('a list page and a record page opened signed in show their rows and heading without the session read or their first call on the network; a later move still asks', async () => {
  const { page, url } = e2e;
  await page.goto(url('/login'));
  await signIn(page, 'admin@example.com');
  await page.waitForURL('**/dashboard');
  // Off the dashboard first: its own calls still leaving must not be counted as the list page's.
  await page.goto('about:blank');
  const sent = apiRequests(e2e);

  await page.goto(url('/contacts?show=100'));
  await page.getByRole('row').nth(100).waitFor(); // the header row and 100 rows
  const firstRow = await page.getByRole('row').nth(1).getByRole('link').first().textContent();
  const open = (name: string) => page.getByRole('link', { name: `Open ${name}`, exact: true });
  expect(sent.filter((call) => /\/api\/v1\/(users\/auth|user\/permissions|user\/settings|contacts\/|accounts\/\?)/.test(call))).toEqual([]);

  // A move inside the app is a new call: the page's answer was used once.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(() => sent.filter((call) => call.startsWith('GET /api/v1/contacts/'))).toEqual(['GET /api/v1/contacts/?show=100&page=2']);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await open(firstRow!).waitFor();
  expect(sent.filter((call) => call.startsWith('GET /api/v1/contacts/'))).toHaveLength(2);

  // A record page, opened anew: its heading, without the session read or the record's read on the network.
  const [id] = /\d+$/.exec((await open(firstRow!).getAttribute('href'))!)!;
  sent.length = 0;
  await page.goto(url(`/contacts/${id}`));
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(firstRow);
  expect(sent.filter((call) => /\/api\/v1\/(users\/auth|user\/permissions|user\/settings|contacts\/|accounts\/\?)/.test(call))).toEqual([]);
  // Its first answers were read once and are gone from the document.
  expect(await page.locator('#portal-first-answers').count()).toBe(0);

  // Opening the list from the menu inside the app asks the network.
  await page.getByRole('link', { name: 'Contacts', exact: true }).click();
  await expect.poll(() => sent.filter((call) => call.startsWith('GET /api/v1/contacts/'))).toHaveLength(1);
  expect(e2e.pageErrors).toEqual([]);
});

test('after an edit, going back to the list shows what was saved, not what the page carried before it (no-store)', async () => {
  const { page, url } = e2e;
  await page.goto(url('/contacts?show=100'));
  const link = page.getByRole('row').nth(1).getByRole('link').first();
  const href = (await link.getAttribute('href'))!;
  await page.goto(url(`${href}/edit`));
  await page.getByRole('textbox', { name: /^Name/ }).fill('Aaron Renamed After Load');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Aaron Renamed After Load');
  // The save replaced the form's entry with the record's: one step back is the list's page, loaded anew.
  await page.goBack();
  await page.getByRole('row').nth(1).waitFor();
  await expect.poll(() => page.getByRole('link', { name: 'Open Aaron Renamed After Load', exact: true }).count()).toBe(1);
});

/**
 * Watches the page from its first byte: the first list row's text when rows first appear, and every
 * change to the rows after that (a string, not a function: tsx would wrap a function in a helper the page lacks).
 * Rows its server drew (docs/first-screen.md) appear as the page is parsed: they are first seen
 * whole, once parsing is done; the parser adding them is not a change, nor is an attribute set
 * again to the value it has.
 */
const FIRST_DRAW_WATCH = `(() => {
  const seen = { first: null, later: 0 };
  window.__firstDraw = seen;
  let parsing = document.readyState === 'loading';
  document.addEventListener('DOMContentLoaded', () => {
    parsing = false;
    const row = document.querySelector('table tbody tr');
    if (row && seen.first === null) seen.first = row.textContent;
  });
  new MutationObserver((records) => {
    if (parsing) return;
    const inRows = (node) => (node instanceof Element ? node : node.parentElement)?.closest('tbody');
    // An attribute set again to the value it had (React adopting a drawn checkbox sets its type) changes nothing.
    const unchanged = (record) => record.type === 'attributes' && record.oldValue === record.target.getAttribute(record.attributeName);
    if (seen.first === null) {
      const row = document.querySelector('table tbody tr');
      if (row) seen.first = row.textContent;
    } else seen.later += records.filter((record) => inRows(record.target) && !unchanged(record)).length;
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true });
})()`;

/**
 * The viewer, with `settings` saved through the API, signed in in a browser of their own (its
 * clock in UTC) whose every later page is watched from its first byte (FIRST_DRAW_WATCH).
 */
async function viewerWatchedFromFirstByte(settings: Record<string, unknown>) {
  const viewer = await signedInClient(e2e.server.url, 'viewer@example.com');
  expect((await viewer('/api/v1/user/settings', { method: 'POST', json: settings })).status).toBe(200);
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'UTC' });
  const page = await context.newPage();
  await page.goto(e2e.url('/login'));
  await signIn(page, 'viewer@example.com');
  await page.waitForURL('**/dashboard');
  await page.addInitScript({ content: FIRST_DRAW_WATCH });
  return { context, page };
}

test('a list page opened afresh is drawn once, in the user’s time zone: no row is drawn again when their settings come', async () => {
  // The viewer's time zone is 14 hours from the browser's: every time on the page reads differently.
  const { context, page } = await viewerWatchedFromFirstByte({ timezone: 'Pacific/Kiritimati' });

  await page.goto(e2e.url('/contacts'));
  await page.getByRole('row').nth(1).waitFor();
  await page.waitForLoadState('networkidle');
  const rows = page.locator('table tbody tr');
  // Shown in the user's zone (the exact time each timestamp describes names it).
  await expect.poll(() => rows.first().textContent()).toMatch(/\d/);
  const seen = await page.evaluate(() => (window as unknown as { __firstDraw: { first: string | null; later: number } }).__firstDraw);
  // The rows as first drawn are the rows now: drawn once, with the user's time zone already in.
  expect(seen.first).toBe(await rows.first().textContent());
  expect(seen.later).toBe(0);
  await context.close();
});

test('a list with a default view, opened afresh from a bare address, draws the view’s rows first: the whole list is never shown', async () => {
  const listViews = { contacts: { views: [{ name: 'Smiths', query: { search: 'Smith' }, columns: null }], default: 'Smiths' } };
  const { context, page } = await viewerWatchedFromFirstByte({ list_views: listViews });

  await page.goto(e2e.url('/contacts'));
  await page.waitForURL('**/contacts?search=Smith');
  await page.getByRole('row').nth(1).waitFor();
  await page.waitForLoadState('networkidle');
  const seen = await page.evaluate(() => (window as unknown as { __firstDraw: { first: string | null } }).__firstDraw);
  // The first rows ever drawn are the view's (every one a Smith), not the first page of every contact.
  expect(seen.first).toContain('Smith');
  expect(await page.getByRole('combobox', { name: 'View' }).inputValue()).toBe('Smiths');
  await context.close();
});
