import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
  await e2e.page.goto(e2e.url('/login'));
  await signIn(e2e.page, 'admin@example.com');
  await e2e.page.waitForURL('**/dashboard');
});
afterAll(async () => {
  await e2e?.close();
});

describe('Back, unsaved changes and dates in Chromium against the reference API', () => {
  test('the browser’s own Back on a changed form asks in the page; Stay keeps the form, Leave goes back', async () => {
    const page = e2e.page;
    await page.goto(e2e.url('/tools?page=2'));
    const first = page.getByRole('table', { name: 'Tools' }).getByRole('link', { name: /^Open / }).first();
    await first.click();
    await page.waitForURL(/\/tools\/\d+$/);
    const record = new URL(page.url()).pathname;
    await page.getByRole('link', { name: /^Edit / }).click();
    await page.waitForURL(`**${record}/edit`);
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.fill('Unsaved rename');

    await page.evaluate(() => history.back());
    const dialog = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe(`${record}/edit`);
    await expect(dialog.getByRole('button', { name: 'Stay on this page' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(name.inputValue()).resolves.toBe('Unsaved rename');
    expect(new URL(page.url()).pathname).toBe(`${record}/edit`);

    await page.evaluate(() => history.back());
    await dialog.getByRole('button', { name: 'Leave and lose changes' }).click();
    await page.waitForURL((url) => url.pathname === record);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // And the page's own Back goes on along the flow: to the list at its page.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/tools?page=2');
  });

  test('a date shows its full date and time on hover and on keyboard focus; Escape hides it', async () => {
    const page = e2e.page;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(e2e.url('/tools'));
      const time = page.getByRole('table', { name: 'Tools' }).locator('time').first();
      await time.waitFor();
      const tip = page.locator(`#${await time.getAttribute('aria-describedby')}`);
      await expect(tip.isVisible()).resolves.toBe(false);
      await time.hover();
      await expect(tip.isVisible()).resolves.toBe(true);
      await page.mouse.move(0, 0);
      await expect(tip.isVisible()).resolves.toBe(false);

      // Keyboard: Tab from the row's link reaches the date (Kind and Description are text).
      await page.getByRole('table', { name: 'Tools' }).getByRole('link', { name: /^Open / }).first().focus();
      let focusedTime = false;
      for (let i = 0; i < 4 && !focusedTime; i++) {
        await page.keyboard.press('Tab');
        focusedTime = await time.evaluate((el) => el === document.activeElement);
      }
      expect(focusedTime).toBe(true);
      await expect(tip.isVisible()).resolves.toBe(true);
      expect(await tip.textContent()).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M$/);
      await page.screenshot({ path: `/tmp/back-shots/date-tooltip-${width}.png` });
      await page.keyboard.press('Escape');
      await expect(tip.isVisible()).resolves.toBe(false);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
