import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { portalHoldsPage, signIn, startE2E, type E2E } from '../support/browser';
import { pageFetch } from '../support/e2eSession';

/** Issue 12, item 10: the layout below 992 px and 600 px, measured in Chromium against the built portal. */
let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E();
  page = e2e.page;
  await page.goto(e2e.url('/login'));
  await signIn(page, 'admin@example.com');
  await page.waitForURL('**/dashboard');
});
afterAll(async () => {
  await e2e?.close();
});

const toggle = () => page.getByRole('button', { name: 'Menu' });
const sections = () => page.getByRole('navigation', { name: 'Sections' });
const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('narrow screens', () => {
  test('390 px: the header is one row; the menu is a drawer under it that takes focus and gives it back on Escape', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(e2e.url('/dashboard'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const header = await box('.app-header');
    expect(header.height).toBeLessThanOrEqual(56);
    for (const part of ['.menu-toggle', '.account-filter select', '.user-menu-button']) {
      const b = await box(part);
      expect(b.y, part).toBeGreaterThanOrEqual(header.y);
      expect(b.y + b.height, part).toBeLessThanOrEqual(header.y + header.height);
      expect(b.x + b.width, part).toBeLessThanOrEqual(390);
    }
    expect(await sections().isVisible()).toBe(false);

    await toggle().focus();
    await page.keyboard.press('Enter');
    expect(await toggle().getAttribute('aria-expanded')).toBe('true');
    const drawer = await box('#side-menu');
    expect(Math.abs(drawer.y - (header.y + header.height))).toBeLessThanOrEqual(1);
    // Every entry can be reached: Dashboard and Users sit under the header, not behind it.
    const users = sections().getByRole('link', { name: 'Users', exact: true });
    expect((await users.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(await sections().getByRole('link', { name: 'Dashboard' }).evaluate((a) => a === document.activeElement)).toBe(true);

    await page.keyboard.press('Escape');
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    expect(await toggle().evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await sections().isVisible()).toBe(false);

    await toggle().click();
    await users.click();
    await page.waitForURL('**/users');
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    expect(await sections().isVisible()).toBe(false);
  });

  test('320 and 390 px: the header shows the account picker’s choice whole, and a name it shows is not cut', async () => {
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(e2e.url('/dashboard'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      const picker = page.getByRole('combobox', { name: 'Account' });
      expect(await picker.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('All accounts');
      // The picker as drawn against a copy holding only its choice, as wide as that choice needs
      // (its box is capped on a phone: a long account name may still be cut, "All accounts" not).
      const { drawn, whole } = await picker.evaluate((select: HTMLSelectElement) => {
        const drawn = select.getBoundingClientRect().width;
        const probe = select.cloneNode(true) as HTMLSelectElement;
        for (const option of [...probe.options]) if (option.textContent !== select.selectedOptions[0]?.textContent) option.remove();
        Object.assign(probe.style, { position: 'absolute', width: 'max-content', maxWidth: 'none', visibility: 'hidden' });
        probe.removeAttribute('id');
        select.parentElement!.append(probe);
        const whole = probe.getBoundingClientRect().width;
        probe.remove();
        return { drawn, whole };
      });
      expect(drawn, `${width} px`).toBeGreaterThanOrEqual(whole - 0.5);
      // The product's name: on a phone its short form, whole at 390 px.
      const brand = page.locator('.app-header .brand');
      // What is shown of it: its text, without a part hidden to the eye (a screen reader still reads "Agent Portal").
      const shown = () => brand.evaluate((b) => b.scrollWidth <= b.clientWidth && [...b.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE || (n as Element).getBoundingClientRect().width > 1).map((n) => n.textContent).join('').trim());
      if (width === 390) expect(await shown()).toBe('Portal');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    }
  });

  test('390 px: a list scrolled sideways keeps its first column and its actions in view', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(e2e.url('/bots'));
    const table = page.getByRole('table', { name: 'Bots' });
    await table.getByRole('link', { name: /^Open / }).first().waitFor();
    const wrap = page.locator('.table-wrap');
    expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    for (const position of ['start', 'end'] as const) {
      await wrap.evaluate((el, at) => el.scrollTo({ left: at === 'start' ? 0 : el.scrollWidth }), position);
      await page.waitForTimeout(50);
      const open = (await table.getByRole('link', { name: /^Open / }).first().boundingBox())!;
      const edit = (await table.getByRole('link', { name: /^Edit / }).first().boundingBox())!;
      expect(open.x, `first column (${position})`).toBeGreaterThanOrEqual(0);
      expect(open.x + 10, `first column (${position})`).toBeLessThan(390);
      expect(edit.x + edit.width, `Edit (${position})`).toBeLessThanOrEqual(390);
    }
  });

  test('390 px: the reporting pages fold behind one button naming the current page', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(e2e.url('/reporting/conversations'));
    const nav = page.getByRole('navigation', { name: 'Reporting pages' });
    const disclosure = nav.getByRole('button', { name: 'Reporting pages: Conversations' });
    await disclosure.waitFor();
    expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Roles', exact: true }).isVisible()).toBe(false);
    await disclosure.click();
    expect(await disclosure.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Roles', exact: true }).click();
    await page.waitForURL('**/reporting/roles');
    expect(await nav.getByRole('button', { name: 'Reporting pages: Roles' }).getAttribute('aria-expanded')).toBe('false');

    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await nav.getByRole('button').isVisible()).toBe(false);
    expect(await nav.getByRole('link', { name: 'Overview' }).isVisible()).toBe(true);
  });

  test('1280 px: the menu sits beside the content and the toggle hides and shows it, saying so', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(e2e.url('/dashboard'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await sections().isVisible()).toBe(true);
    expect(await toggle().getAttribute('aria-expanded')).toBe('true');
    await toggle().click();
    expect(await sections().isVisible()).toBe(false);
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    await toggle().click();
    expect(await sections().isVisible()).toBe(true);
  });
  test('390 and 800 px: no page is wider than the screen (a long option or a wide table scrolls in its own box, not the page)', { timeout: 180_000 }, async () => {
    // Every signed-in page with a form or a report: a time zone's or an instance's long name in a
    // picker once made the whole settings page 479 px wide, and a review table the overview's.
    const pages = ['/dashboard', '/settings', '/users/settings', '/contacts', '/contacts/new', '/bots/1', '/bots/1/edit', '/reporting', '/reporting/conversations', '/reporting/roles', '/reporting/roles/breakdown', '/reporting/instances', '/reporting/instances/breakdown', '/reporting/conversations-by-instance-grade', '/reporting/conversations-by-disposition', '/chat'];
    // A record whose name and email are one long unbroken word: its record and edit pages too.
    const long = `Unbroken${'x'.repeat(80)}`;
    const created = (await pageFetch<{ data: { id: number } }>(page, 'POST', '/api/v1/contacts', { name: long, phone_number: '+15555550199', email: `${long}@example.com` })).body!.data.id;
    pages.push(`/contacts/${created}`, `/contacts/${created}/edit`);
    const wider: string[] = [];
    for (const screen of [390, 800]) {
      await page.setViewportSize({ width: screen, height: 800 });
      for (const path of [...pages, '/feedback']) {
        await page.goto(e2e.url(path));
        await page.getByRole('heading', { level: 1 }).waitFor();
        // The page's parts that load after its heading (pickers' options, reports' tables).
        await page.waitForLoadState('networkidle');
        const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
        if (width > screen) wider.push(`${path} at ${screen}: ${width} px`);
      }
    }
    expect(wider).toEqual([]);

    // Found from the command palette, its name wraps inside the option, not under the dialog's edge.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(e2e.url(`/contacts/${created}`));
    await portalHoldsPage(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('Unbroken');
    const found = palette.getByRole('option', { name: new RegExp(`^${long}`) }).first();
    await found.waitFor();
    const inside = await palette.evaluate((dialog, option) => ({ dialog: dialog.getBoundingClientRect().right, text: Math.max(...[...option!.querySelectorAll('span')].map((text) => text.getBoundingClientRect().right)) }), await found.elementHandle());
    expect(inside.text).toBeLessThanOrEqual(inside.dialog);
    await page.keyboard.press('Escape');

    // Deleted, its name is in the toast: wrapped inside it, not running out of it.
    await page.getByRole('button', { name: `Delete ${long}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const toast = page.locator('.toast').filter({ hasText: long });
    await toast.waitFor();
    const edges = await toast.evaluate((element) => ({ toast: element.getBoundingClientRect().right, text: Math.max(...[...element.querySelectorAll('span')].map((text) => text.getBoundingClientRect().right)) }));
    expect(edges.text).toBeLessThanOrEqual(edges.toast);
    expect(edges.toast).toBeLessThanOrEqual(390);
  });
  test('390 px: a report table wider than the phone is a named box the keyboard reaches and scrolls; at 1280 px it is no stop of its own', { timeout: 60_000 }, async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(e2e.url('/reporting/conversations'));
    const first = page.getByRole('link', { name: /^(Chat|Call) / }).first();
    const report = new URL(e2e.url((await first.getAttribute('href'))!));
    await page.goto(e2e.url(`${report.pathname}/log`));
    const box = page.getByRole('region', { name: 'Log (scrolls sideways)' });
    await box.waitFor();
    await box.focus();
    expect(await box.evaluate((element) => element === document.activeElement && getComputedStyle(element).outlineStyle !== 'none')).toBe(true);
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.getByRole('region', { name: 'Log (scrolls sideways)' }).count()).toBe(0);
    expect(await page.locator('.report-table-wrap[tabindex]').count()).toBe(0);
  });
});
