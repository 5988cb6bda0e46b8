import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The record links of the Bots table now on the page. */
const botLinks = () => e2e.page.getByRole('table', { name: 'Bots' }).getByRole('link', { name: /^Open / }).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));

describe('one session lifecycle in Chromium', () => {
  test('sign out, sign in as another user whose list is slow: the first user’s rows never render', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto(url('/bots'));
    await page.getByRole('table', { name: 'Bots' }).getByRole('link', { name: /^Open / }).first().waitFor();
    const adminRows = await botLinks();

    await page.getByRole('button', { name: /Ada|Admin|admin@example.com/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');

    // From here on, every bot link that ever appears is recorded; the next user's list is slow.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { seenBotLinks: Set<string> }).seenBotLinks = seen;
      const record = () => document.querySelectorAll('a[href^="/bots/"]').forEach((a) => seen.add(a.getAttribute('href')!));
      new MutationObserver(record).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await page.route(/\/api\/v1\/bots\/(\?.*)?$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const blakeList = page.waitForResponse((response) => /\/api\/v1\/bots\/(\?.*)?$/.test(response.url()));
    // Blake may only use Bots, so sign-in lands on /bots.
    await signIn(page, 'bots@example.com');
    await page.waitForURL('**/bots');
    const blakeRows = ((await (await blakeList).json()) as { data: Array<{ id: number }> }).data.map((row) => `/bots/${row.id}`);
    expect(blakeRows.length).toBeGreaterThan(0);
    await page.locator(`a[href="${blakeRows[0]}"]`).waitFor();

    const adminOnly = adminRows.filter((href) => !blakeRows.includes(href));
    expect(adminOnly.length).toBeGreaterThan(0);
    const seen = await page.evaluate(() => [...(window as unknown as { seenBotLinks: Set<string> }).seenBotLinks]);
    expect(seen.filter((href) => adminOnly.includes(href))).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  });
});
