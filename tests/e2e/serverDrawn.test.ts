import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { FIRST_SCREEN_HINTS_COOKIE, SERVER_DRAWN_ATTRIBUTE } from '../../src/firstScreenHints';
import { portalHoldsPage, signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeAll(async () => {
  // A loaded test machine may take longer than the 300 ms a page waits for its answers and drawing by default.
  e2e = await startE2E({ firstAnswersTimeoutMs: 5_000, firstScreenTimeoutMs: 5_000 });
});
afterAll(async () => {
  await e2e?.close();
});

/** What the console said: a drawing React could not adopt says so (src/main.tsx drawnAgain). */
function consoleOf(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') said.push(message.text());
  });
  return said;
}

/** A browser of its own (no cookie of another test's), signed in as the admin. */
async function signedInAsAdmin(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(e2e.url('/login'));
  await signIn(page, 'admin@example.com');
  await page.waitForURL('**/dashboard');
  return page;
}

/**
 * Issue 25 (speed), docs/first-screen.md: a returning browser's signed-in list arrives drawn by its
 * server, rows and all, before any of the portal's code has run; the portal then adopts that very
 * drawing (no second drawing, nothing said on the console) and it takes input only then.
 */
test("a list page arrives drawn: its rows show while the portal's code is held back, input waits for the portal, and the portal adopts the drawing as it is", async () => {
  const { url } = e2e;
  const page = await signedInAsAdmin();
  // Boot told the server this browser's time zone and "All accounts".
  const hints = (await page.context().cookies()).find((cookie) => cookie.name === FIRST_SCREEN_HINTS_COOKIE);
  expect(decodeURIComponent(hints?.value ?? '')).toBe(`tz=${encodeURIComponent(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone))}&account=`);

  // The portal's code is held until the test lets it go (not the theme script: a classic script in
  // <head>, it holds the parser, and the drawing with it).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const portalCode = (address: URL) => /^\/assets\/(?!theme-).*\.js$/.test(address.pathname);
  await page.route(portalCode, async (route) => {
    await held;
    await route.continue();
  });
  const said = consoleOf(page);
  const rows = page.getByRole('table', { name: 'Contacts' }).locator('tbody tr');
  let firstRow: string | null;
  try {
    const response = await page.goto(url('/contacts?show=25'), { waitUntil: 'commit' });
    expect(await response!.headerValue('cache-control')).toBe('no-store');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(25);
    await expect.poll(() => page.getByText('Showing 1–25 of').isVisible()).toBe(true);
    // Drawn, not yet the portal's: inert, so a click goes nowhere rather than to a page that cannot answer,
    // and its controls say they are not ready (a script filling the search box now waits).
    expect(await page.getByRole('searchbox', { name: 'Search' }).isDisabled()).toBe(true);
    expect(await page.evaluate((attribute) => ({ inert: document.getElementById('root')!.hasAttribute('inert'), disabled: document.getElementById('root')!.getAttribute('aria-disabled'), drawnFor: document.getElementById('root')!.getAttribute(attribute) }), SERVER_DRAWN_ATTRIBUTE)).toEqual({
      inert: true,
      disabled: 'true',
      drawnFor: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    });
    firstRow = await rows.first().textContent();
    // The row elements the server drew: adopted, they are still the ones on screen afterwards.
    await page.evaluate(() => ((window as unknown as { drawnRow: Element | null }).drawnRow = document.querySelector('table[aria-label="Contacts"] tbody tr')));
    // When the drawing opens to input, React must already hold the page's own controls (it adopts
    // the frame first and the page in a later pass): the search box then has React's handlers.
    await page.evaluate(() => {
      const root = document.getElementById('root')!;
      const watch = new MutationObserver(() => {
        if (root.hasAttribute('inert')) return;
        watch.disconnect();
        const search = document.querySelector('input[type="search"]');
        (window as unknown as { heldWhenOpened: boolean }).heldWhenOpened = !!search && Object.keys(search).some((key) => key.startsWith('__reactFiber'));
      });
      watch.observe(root, { attributes: true, attributeFilter: ['inert'] });
    });
  } finally {
    release();
  }
  await portalHoldsPage(page);
  expect(await page.evaluate(() => (window as unknown as { heldWhenOpened?: boolean }).heldWhenOpened)).toBe(true);
  expect(await page.getByRole('searchbox', { name: 'Search' }).isDisabled()).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { drawnRow: Element | null }).drawnRow === document.querySelector('table[aria-label="Contacts"] tbody tr'))).toBe(true);
  expect(await rows.first().textContent()).toBe(firstRow);
  expect(said).toEqual([]);

  // The adopted page is the portal: the next page comes by its own call, and the focus stays on the button.
  await page.unroute(portalCode);
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.waitForURL(/page=2/);
  await expect.poll(() => page.getByText('Showing 26–50 of').isVisible()).toBe(true);
});

test('on a phone the drawn list already says whose each row is, and nothing moves when the portal adopts it', async () => {
  const { url } = e2e;
  const page = await signedInAsAdmin({ width: 390, height: 844 });
  // Every shift of the page's layout, from its first paint on (the browser's own Layout Instability API).
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
    new PerformanceObserver((entries) => entries.getEntries().forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
  });
  const response = await page.goto(url('/contacts?show=25'));
  const html = await response!.text();
  expect(html).toContain(SERVER_DRAWN_ATTRIBUTE);
  // The Account column scrolls away on a phone: the drawing repeats each row's account under its name.
  expect(html.match(/class="row-account"/g)?.length).toBe(25);
  await portalHoldsPage(page);
  const keyCells = page.getByRole('table', { name: 'Contacts' }).locator('tbody tr td:nth-child(2)');
  await expect.poll(() => keyCells.first().locator('.row-account').isVisible()).toBe(true);
  // Adopted as drawn: the rows did not grow under the user's eyes (they did when the line came with the portal's code).
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
});

test('a list whose columns name other records arrives drawn with those names, and nothing moves when the portal adopts it (1280 and 390 px)', { timeout: 60_000 }, async () => {
  const { url } = e2e;
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await signedInAsAdmin(viewport);
    const said = consoleOf(page);
    await page.addInitScript(() => {
      const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
      new PerformanceObserver((entries) => entries.getEntries().forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
    });
    // Agents name their LLM; feedback names its conversation (reporting's, looked up by uuid).
    // Both filter by a picker whose choices load after the page is drawn.
    for (const [path, table, column] of [
      ['/agents', 'Agents', 'LLM'],
      ['/feedback', 'Feedback', 'Conversation'],
    ] as const) {
      const where = `${path} at ${viewport.width}`;
      const response = await page.goto(url(path));
      const html = await response!.text();
      expect(html, where).toContain(SERVER_DRAWN_ATTRIBUTE);
      await portalHoldsPage(page);
      const grid = page.getByRole('table', { name: table });
      const index = (await grid.getByRole('columnheader').allTextContents()).findIndex((text) => text.includes(column));
      expect(index, `${where}: ${column}`).toBeGreaterThan(-1);
      const cell = grid.locator(`tbody tr:first-child td:nth-child(${index + 1})`);
      // A name (not "#id" nor a placeholder), the cell as the portal shows it once looked up, already
      // in the page as the server sent it (React keeps the drawing's markup when it adopts it).
      expect((await cell.textContent())!.trim(), where).not.toMatch(/^(#\S+|…|)$/);
      expect(html, where).toContain(await cell.innerHTML());
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts), where).toEqual([]);
    }
    expect(said).toEqual([]);
    await page.context().close();
  }
});

test('a record page arrives drawn with its heading, and the portal takes it over', async () => {
  const { url } = e2e;
  const page = await signedInAsAdmin();
  const said = consoleOf(page);
  const response = await page.goto(url('/contacts/1'));
  expect(await response!.text()).toMatch(new RegExp(`<div id="root" inert [^>]*${SERVER_DRAWN_ATTRIBUTE}="[^"]+"[^>]*>.*<h1`));
  await portalHoldsPage(page);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
  await page.getByRole('link', { name: /^Edit/ }).first().click();
  await page.waitForURL(/\/contacts\/1\/edit/);
  expect(said).toEqual([]);
});

test('a browser with an account chosen in its filter is not drawn "All accounts": the server draws nothing and the rows are that account\'s', async () => {
  const { url } = e2e;
  const page = await signedInAsAdmin();
  await page.goto(url('/contacts?show=25'));
  await portalHoldsPage(page);
  await page.getByLabel('Account').selectOption({ label: 'Globex Sales' });
  await expect.poll(async () => decodeURIComponent((await page.context().cookies()).find((cookie) => cookie.name === FIRST_SCREEN_HINTS_COOKIE)?.value ?? '')).toMatch(/&account=2$/);
  const response = await page.goto(url('/contacts?show=25'));
  expect(await response!.text()).not.toContain(SERVER_DRAWN_ATTRIBUTE);
  // The rows are Globex Sales' own, as the API lists them for that account.
  const theirs = (await (await page.request.get(url('/api/v1/contacts/?page=1&show=25&account_id=2'), { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ name: string }> };
  const names = page.getByRole('table', { name: 'Contacts' }).locator('tbody tr td:nth-child(2) a');
  await expect.poll(() => names.allTextContents()).toEqual(theirs.data.map((contact) => contact.name));
});

test('a browser whose time zone is not the one it told its server draws the page itself, in its own time zone', async () => {
  const { url } = e2e;
  const page = await signedInAsAdmin();
  const own = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const other = own === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
  await page.context().addCookies([{ name: FIRST_SCREEN_HINTS_COOKIE, value: encodeURIComponent(`tz=${encodeURIComponent(other)}&account=`), url: url('/') }]);
  const said = consoleOf(page);
  const response = await page.goto(url('/contacts?show=25'));
  expect(await response!.text()).toContain(`${SERVER_DRAWN_ATTRIBUTE}="${other}"`);
  await portalHoldsPage(page);
  // Drawn anew by the portal (no adoption of a drawing in another zone, so nothing to complain about) …
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('table[aria-label="Contacts"] tbody tr').length)).toBe(25);
  expect(said).toEqual([]);
  // … and its hints put right for the next page.
  expect(decodeURIComponent((await page.context().cookies()).find((cookie) => cookie.name === FIRST_SCREEN_HINTS_COOKIE)?.value ?? '')).toBe(`tz=${encodeURIComponent(own)}&account=`);
});

test("the server's drawing code is not served, and a guest's page is never drawn", async () => {
  const { page, url } = e2e;
  const listing = await page.request.get(url('/ssr/'));
  expect(listing.status()).toBe(404);
  const guest = await page.request.get(url('/contacts?show=25'), { headers: { cookie: `${FIRST_SCREEN_HINTS_COOKIE}=tz%3DUTC%26account%3D` } });
  expect(await guest.text()).not.toContain(SERVER_DRAWN_ATTRIBUTE);
});
