import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

/**
 * Issue 12: axe on every page of SPEC §2, signed in as the admin with the reference API's seeded data,
 * at 1280 and 390 px: no serious or critical violation. One browser page for the whole walk: the
 * portal navigates in-app (history.pushState, as a link does), so the session and axe stay loaded.
 */

// SPEC §2's resource sections.
const SECTIONS = ['users', 'accounts', 'roles', 'instances', 'actions', 'contacts', 'feedback', 'agents', 'agent-instructions', 'tools', 'llms', 'bots', 'dispositions', 'scorecards', 'workflows'];
const REPORTING = ['/reporting', '/reporting/conversations', '/reporting/roles', '/reporting/roles/breakdown', '/reporting/instances', '/reporting/instances/breakdown', '/reporting/conversations-by-instance-grade', '/reporting/conversations-by-disposition'];
const WIDTHS = [1280, 390];
// label-content-name-mismatch (WCAG 2.5.3) is experimental in axe, so off unless asked for.
const AXE_OPTIONS = { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] };

let e2e: E2E;
let page: Page;
const audited: string[] = [];
const unsettled: string[] = [];
const inFlight = new Set<unknown>();

beforeAll(async () => {
  e2e = await startE2E();
  page = e2e.page;
  // Requests the page is waiting for; a socket's long poll and streamed media never finish, so they do not count.
  const counts = (request: { url(): string; resourceType(): string }) => !request.url().includes('/socket.io/') && request.resourceType() !== 'media';
  page.on('request', (request) => counts(request) && inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  await page.goto(e2e.url('/login'));
  await signIn(page, 'admin@example.com');
  await page.waitForURL('**/dashboard');
  await page.evaluate(axe.source);
});
afterAll(async () => {
  console.log(`axe: ${audited.length} page views audited (${audited.length / WIDTHS.length} pages × ${WIDTHS.join(' and ')} px)${unsettled.length ? `; still loading when audited: ${unsettled.join(', ')}` : ''}`);
  await e2e?.close();
});

/** Quiet: no request pending for 300 ms, no loading indicator or busy region in the page, an h1 shown. */
async function settle(where: string): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) {
      const ready = await page.evaluate(() => !!document.querySelector('main h1') && !document.querySelector('main .loading-state, main [aria-busy="true"]'));
      if (ready) return true;
    }
  }
  unsettled.push(where);
  return false;
}

/** In-app navigation, as following a link does. */
async function go(path: string): Promise<boolean> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction((to) => location.pathname + location.search === to, path);
  return settle(path);
}

/** Serious and critical violations of the page as it is, at each width. */
async function audit(where: string, widths = WIDTHS): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(100);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    const results = await page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options as axe.RunOptions), AXE_OPTIONS);
    audited.push(`${where} @${width}`);
    for (const v of results.violations) {
      if (v.impact === 'serious' || v.impact === 'critical') found.push(`${where} @${width}px: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
    }
  }
  await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
  return found;
}

// What an error page says instead of the page asked for: auditing one would prove nothing.
const ERROR_HEADINGS = /^(Page not found|Not found|Forbidden|No access|Something went wrong|This page could not be loaded)/i;

async function visitAndAudit(path: string): Promise<string[]> {
  // A page that never shows its heading or keeps loading (a failed record load has no h1) fails too.
  if (!(await go(path))) return [`${path}: still loading, or no heading, after 15 s`];
  const heading = (await page.locator('main h1').first().textContent()) ?? '';
  if (ERROR_HEADINGS.test(heading.trim())) return [`${path}: shows "${heading.trim()}" instead of the page`];
  return audit(path);
}

/** Links of a navigation landmark, as paths. */
function navLinks(name: string): Promise<string[]> {
  return page.getByRole('navigation', { name }).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

describe('axe: no serious or critical violation on any page, at 1280 and 390 px (admin, seeded data)', () => {
  test('every section: list, new, record (and its tabs), edit', { timeout: 300_000 }, async () => {
    const violations: string[] = [];
    const noRecord: string[] = [];
    for (const key of SECTIONS) {
      violations.push(...(await visitAndAudit(`/${key}`)));
      const first = await page.locator(`main table tbody a[href^="/${key}/"]:not([href$="/edit"])`).first().getAttribute('href', { timeout: 2000 }).catch(() => null);
      violations.push(...(await visitAndAudit(`/${key}/new`)));
      if (!first) {
        noRecord.push(key);
        continue;
      }
      violations.push(...(await visitAndAudit(first)));
      for (const tab of (await navLinks('Record sections').catch(() => [])).filter((href) => href !== first)) violations.push(...(await visitAndAudit(tab)));
      violations.push(...(await visitAndAudit(`${first}/edit`)));
      if (key === 'bots') violations.push(...(await visitAndAudit(`${first}/duplicate`)));
      if (key === 'accounts') violations.push(...(await visitAndAudit(`${first}/delete`)));
    }
    expect(noRecord, 'sections without a seeded record').toEqual([]);
    expect(violations).toEqual([]);
  });

  test('reporting pages and a conversation (every tab)', { timeout: 180_000 }, async () => {
    const violations: string[] = [];
    for (const path of REPORTING) violations.push(...(await visitAndAudit(path)));
    await go('/reporting/conversations');
    const conversation = await page.locator('main table tbody a[href^="/reporting/conversations/"]').first().getAttribute('href');
    expect(conversation).toBeTruthy();
    violations.push(...(await visitAndAudit(conversation!)));
    for (const tab of (await navLinks('Report tabs')).filter((href) => href !== conversation)) violations.push(...(await visitAndAudit(tab)));
    expect(violations).toEqual([]);
  });

  test('dashboard, chat, settings, account pages; the open drawer, user menu and reporting disclosure', { timeout: 120_000 }, async () => {
    const violations: string[] = [];
    for (const path of ['/dashboard', '/chat', '/settings', '/users/settings', '/users/verify-email']) violations.push(...(await visitAndAudit(path)));

    await go('/dashboard');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link').first().waitFor();
    violations.push(...(await audit('/dashboard, menu drawer open', [390])));

    await page.locator('header [aria-haspopup="menu"]').click();
    await page.getByRole('menu').waitFor();
    violations.push(...(await audit('/dashboard, user menu open')));
    await page.keyboard.press('Escape');

    await go('/reporting');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: /^Reporting pages/ }).click();
    violations.push(...(await audit('/reporting, pages disclosure open', [390])));
    expect(violations).toEqual([]);
  });

  test('a light theme colour (yellow) keeps links and buttons readable: a list, a record and settings', { timeout: 120_000 }, async () => {
    await go('/settings');
    await page.getByLabel('Theme colour').fill('#ffeb3b');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Your settings have been saved.' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--theme-color').trim())).toBe('#ffeb3b');
    const violations: string[] = await audit('/settings (yellow theme)');
    for (const path of ['/bots', '/reporting/conversations']) violations.push(...(await visitAndAudit(path)));
    await go('/bots');
    const record = await page.locator('main table tbody a[href^="/bots/"]:not([href$="/edit"])').first().getAttribute('href');
    violations.push(...(await visitAndAudit(record!)));
    expect(violations).toEqual([]);
  });
});
