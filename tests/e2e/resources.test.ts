import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startE2E, type E2E } from '../support/browser';
import { pageFetch, signedInSession } from '../support/e2eSession';

let e2e: E2E;
let context: BrowserContext;
let page: Page;
const pageErrors: Error[] = [];

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});
afterEach(async () => {
  await context?.close();
});

/** A fresh browser session (own cookies) signed in as `email`, landed. */
async function session(email: string, landing = '**/dashboard') {
  ({ context, page } = await signedInSession(e2e, email, { landing, onPage: (p) => p.on('pageerror', (error) => pageErrors.push(error)) }));
  return page;
}

const table = (name: string) => page.getByRole('table', { name });
/** The texts of one column, found by its header's name (rows may start with a selection checkbox). */
async function columnTexts(tableName: string, header: string): Promise<string[]> {
  const headers = (await table(tableName).locator('thead th').allTextContents()).map((text) => text.trim());
  const index = headers.findIndex((text) => text.startsWith(header));
  expect(index, `a "${header}" column among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return table(tableName).locator(`tbody tr td:nth-child(${index + 1})`).allTextContents();
}

const apiCall = (method: string, url: string) => pageFetch(page, method, url);

describe('resource sections in Chromium against the reference API', () => {
  test('admin: paginate, filter, create, edit and delete a record', async () => {
    await session('admin@example.com');
    await page.goto(e2e.url('/tools'));
    await table('Tools').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL('**/tools?page=2');
    await page.getByText(/^Page 2 of \d+$/).waitFor();

    await page.getByRole('combobox', { name: 'Kind' }).selectOption('http');
    // (brackets as the list's own address had them, encoded or not: the same query)
    await page.waitForURL(/\/tools\?filter(%5B|\[)kind(%5D|\])=http$/);
    await page.getByText(/^Page 1 of \d+$/).waitFor();
    const kinds = await columnTexts('Tools', 'Kind');
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['HTTP']));

    await page.getByRole('link', { name: 'New tool' }).click();
    await page.waitForURL('**/tools/new');
    // Under "All accounts" a new record asks whose it is.
    await page.getByRole('combobox', { name: /^Belongs to account/ }).selectOption({ label: 'Acme Support' });
    await page.getByRole('textbox', { name: /^Name/ }).fill('E2E webhook tool');
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('http');
    await page.getByRole('textbox', { name: 'Parameters (JSON)' }).fill('{"url": "https://example.com/hook"}');
    await page.getByRole('button', { name: 'Create tool' }).click();
    await page.waitForURL(/\/tools\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'E2E webhook tool' }).waitFor();
    const id = page.url().split('/').at(-1)!;

    await page.getByRole('link', { name: 'Edit E2E webhook tool' }).click();
    await page.waitForURL(`**/tools/${id}/edit`);
    const name = page.getByRole('textbox', { name: /^Name/ });
    await expect(name.inputValue()).resolves.toBe('E2E webhook tool');
    await name.fill('E2E renamed tool');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`**/tools/${id}`);
    await page.getByRole('heading', { level: 1, name: 'E2E renamed tool' }).waitFor();

    await page.getByRole('button', { name: 'Delete E2E renamed tool' }).click();
    await page.getByRole('alertdialog', { name: 'Delete tool?' }).getByRole('button', { name: 'Delete' }).click();
    // Back to the list as it was left (its Kind filter).
    // (brackets as the list's own address had them, encoded or not: the same query)
    await page.waitForURL(/\/tools\?filter(%5B|\[)kind(%5D|\])=http$/);
    expect((await apiCall('GET', `/api/v1/tools/${id}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });

  test('a failed save keeps what was typed and shows the server’s 422 next to the field', async () => {
    await session('admin@example.com');
    await page.goto(e2e.url('/users/new'));
    await page.getByRole('combobox', { name: /^Belongs to account/ }).selectOption({ label: 'Acme Support' });
    await page.getByRole('textbox', { name: /^Name/ }).fill('Second Admin');
    await page.getByRole('textbox', { name: /^Email/ }).fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).first().fill('second-admin-pass-9');
    await page.getByLabel(/^Confirm password/).fill('second-admin-pass-9');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('alert').filter({ hasText: 'New User Failed' }).waitFor();
    const emailField = page.locator('.field').filter({ has: page.getByRole('textbox', { name: /^Email/ }) });
    await emailField.getByText('The email has already been taken.', { exact: true }).waitFor();
    await expect(page.getByRole('textbox', { name: /^Name/ }).inputValue()).resolves.toBe('Second Admin');
  });

  test('browser back after opening a record returns to the same list page and filters', async () => {
    await session('admin@example.com');
    await page.goto(e2e.url('/tools?filter%5Bkind%5D=function&page=2'));
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    const first = table('Tools').getByRole('link', { name: /^Open / }).first();
    const label = await first.getAttribute('aria-label');
    await first.click();
    await page.waitForURL(/\/tools\/\d+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/tools\?filter%5Bkind%5D=function&page=2$/);
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    await expect(page.getByRole('combobox', { name: 'Kind' }).inputValue()).resolves.toBe('function');
    await table('Tools').getByRole('link', { name: label! }).first().waitFor();
  });

  test('assign and remove a relation (role ↔ dispositions)', async () => {
    await session('admin@example.com');
    await page.goto(e2e.url('/roles'));
    await table('Roles').getByRole('link', { name: /^Open / }).first().click();
    await page.waitForURL(/\/roles\/\d+$/);
    await page.getByRole('navigation', { name: 'Record sections' }).getByRole('link', { name: 'Dispositions' }).click();
    await page.waitForURL(/\/roles\/\d+\/dispositions$/);
    const picker = page.getByRole('combobox', { name: 'Available dispositions' });
    await picker.locator('option:nth-child(2)').waitFor({ state: 'attached' });
    const chosen = (await picker.locator('option:nth-child(2)').textContent())!;
    await picker.selectOption({ label: chosen });
    await page.getByRole('button', { name: 'Assign' }).click();
    const assigned = page.getByRole('list', { name: 'Assigned dispositions' });
    await assigned.getByRole('link', { name: chosen, exact: true }).waitFor();
    const roleId = page.url().split('/').at(-2)!;
    const onServer = (await apiCall('GET', `/api/v1/roles/${roleId}/dispositions/?show=100`)).body as { data: Array<{ label: string }> };
    expect(onServer.data.map((d) => d.label)).toContain(chosen);
    await page.getByRole('button', { name: `Remove ${chosen}` }).click();
    await assigned.getByRole('link', { name: chosen, exact: true }).waitFor({ state: 'detached' }).catch(async () => {
      // The list may have become empty and been replaced by "None assigned."
      await page.getByText('None assigned.').waitFor();
    });
    const after = (await apiCall('GET', `/api/v1/roles/${roleId}/dispositions/?show=100`)).body as { data: Array<{ label: string }> };
    expect(after.data.map((d) => d.label)).not.toContain(chosen);
  });

  test('bots: export, duplicate and re-import', async () => {
    await session('admin@example.com');
    await page.goto(e2e.url('/bots?search=Demo+Bot'));
    await table('Bots').getByRole('link', { name: 'Open Demo Bot', exact: true }).first().click();
    await page.waitForURL(/\/bots\/\d+$/);
    const botId = page.url().split('/').at(-1)!;
    await page.getByRole('navigation', { name: 'Record sections' }).getByRole('link', { name: 'Actions' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export bot' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^bot-${botId}-demo-bot\\.json$`));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'bot-export-')), download.suggestedFilename());
    await download.saveAs(file);

    await page.getByRole('link', { name: 'Duplicate bot' }).click();
    await page.waitForURL(`**/bots/${botId}/duplicate`);
    await page.getByRole('button', { name: 'Duplicate bot' }).click();
    await page.waitForURL((url) => /\/bots\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${botId}`));
    await page.getByRole('heading', { level: 1, name: 'Demo Bot (copy)' }).waitFor();
    const copyId = page.url().split('/').at(-1)!;

    await page.goto(e2e.url('/bots'));
    // Under "All accounts" an import asks whose the bot is.
    await page.getByRole('form', { name: 'Import a bot' }).getByRole('combobox', { name: /^Belongs to account/ }).selectOption({ label: 'Globex Sales' });
    await page.getByLabel('Bot file').setInputFiles(file);
    await page.getByRole('button', { name: 'Import bot' }).click();
    // Every account has a "Demo Bot": importing it again says what it would duplicate and waits for a yes.
    const again = page.getByRole('alertdialog', { name: 'Import “Demo Bot” again?' });
    await again.getByText(/already has a bot named “Demo Bot”/).waitFor();
    await again.getByRole('button', { name: 'Import another copy' }).click();
    await page.waitForURL((url) => /\/bots\/\d+$/.test(url.pathname) && ![botId, copyId].includes(url.pathname.split('/').at(-1)!));
    await page.getByRole('heading', { level: 1, name: 'Demo Bot' }).waitFor();
    await page.locator('dl.record-fields').getByRole('link', { name: 'Globex Sales' }).waitFor();

    // A bad file: "Import Failed" with the server's reason.
    await page.goto(e2e.url('/bots'));
    await page.getByRole('form', { name: 'Import a bot' }).getByRole('combobox', { name: /^Belongs to account/ }).selectOption({ label: 'Acme Support' });
    await page.getByLabel('Bot file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('not json') });
    await page.getByRole('button', { name: 'Import bot' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Import Failed' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The file is not valid JSON.');
  });

  test('purchase a phone number for an instance', async () => {
    await session('admin@example.com');
    await page.goto(e2e.url('/instances'));
    await table('Instances').getByRole('link', { name: /^Open / }).first().click();
    await page.waitForURL(/\/instances\/\d+$/);
    await page.getByRole('navigation', { name: 'Record sections' }).getByRole('link', { name: 'Phone numbers' }).click();
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.locator('option', { hasText: 'United States' }).waitFor({ state: 'attached' });
    await country.selectOption({ label: 'United States' });
    await page.getByRole('button', { name: 'Search numbers' }).click();
    const buy = page.getByRole('table', { name: 'Available phone numbers' }).getByRole('button', { name: /^Buy / }).first();
    const label = (await buy.getAttribute('aria-label'))!.replace(/^Buy /, '');
    await buy.click();
    const confirm = page.getByRole('alertdialog', { name: 'Buy this number?' });
    await confirm.getByText(/costs \$[\d.,]+ a month\./).waitFor();
    await confirm.getByRole('button', { name: /^Buy for / }).click();
    await page.locator('.panel').getByText(`Purchased ${label}.`).waitFor();
    await page.locator('strong', { hasText: label }).waitFor();
  });

  test('the read-only viewer sees no edit or delete controls, and the API answers 403 if it tries', async () => {
    await session('viewer@example.com');
    await page.goto(e2e.url('/tools'));
    await table('Tools').waitFor();
    expect(await page.getByRole('link', { name: 'New tool' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await table('Tools').getByRole('link', { name: /^Open / }).first().click();
    await page.waitForURL(/\/tools\/\d+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    const id = page.url().split('/').at(-1)!;
    expect((await apiCall('DELETE', `/api/v1/tools/${id}`)).status).toBe(403);
    // The edit route itself is gated too.
    await page.goto(e2e.url(`/tools/${id}/edit`));
    await page.getByRole('heading', { name: /forbidden|not allowed|access/i }).first().waitFor();
  });

  test('a user without level 9 never sees another account’s rows', async () => {
    await session('bots@example.com', '**/bots');
    await table('Bots').waitFor();
    const summary = (await page.getByText(/^Showing \d+–\d+ of \d+$/).textContent())!;
    const total = Number(summary.split(' of ')[1]);
    const all = (await apiCall('GET', '/api/v1/bots/?show=100')).body as { data: Array<{ account_id: number }>; meta: { total: number } };
    expect(all.meta.total).toBe(total);
    expect(new Set(all.data.map((b) => b.account_id)).size).toBe(1);
    // Asking for another account gives nothing more.
    const other = all.data[0]!.account_id === 1 ? 2 : 1;
    const foreign = (await apiCall('GET', `/api/v1/bots/?account_id=${other}`)).body as { data: unknown[] };
    expect(foreign.data).toEqual([]);
  });

  // A walk through 15 sections (27 s alone on CI): beside another e2e file under load it took over 60 s.
  test('every section: list, first record (and each tab), new form — no error, no page error', { timeout: 180_000 }, async () => {
    await session('admin@example.com');
    const singular: Record<string, string> = {
      users: 'user', accounts: 'account', roles: 'role', instances: 'instance', actions: 'action', contacts: 'contact', feedback: 'feedback',
      agents: 'agent', 'agent-instructions': 'agent instruction', tools: 'tool', llms: 'LLM', bots: 'bot', dispositions: 'disposition',
      scorecards: 'scorecard', workflows: 'workflow',
    };
    for (const [key, one] of Object.entries(singular)) {
      await page.goto(e2e.url(`/${key}`));
      // A row link is "Open {title}", or starts with what its cell shows ("4 / 5, open Feedback #1", WCAG 2.5.3).
      const rows = page.getByRole('table').first().getByRole('link', { name: /(^|, )open /i });
      await rows.first().waitFor();
      await rows.first().click();
      await page.waitForURL(new RegExp(`/${key}/\\d+$`));
      await page.getByRole('heading', { level: 1 }).waitFor();
      const tabs = page.getByRole('navigation', { name: 'Record sections' }).getByRole('link');
      for (const tab of await tabs.all()) {
        const name = await tab.textContent();
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
        await page.waitForLoadState('networkidle');
        expect(await page.getByRole('alert').count(), `${key} › ${name}: an alert`).toBe(0);
      }
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('alert').count(), `${key}: an alert on the record`).toBe(0);
      await page.goto(e2e.url(`/${key}/new`));
      await page.getByRole('button', { name: `Create ${one}` }).waitFor();
    }
    expect(pageErrors).toEqual([]);
  });

  test('axe-core: no serious or critical violation on a list, a form and a detail page', async () => {
    await session('admin@example.com');
    const check = async (url: string, ready: () => Promise<unknown>) => {
      await page.goto(e2e.url(url));
      await ready();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${url}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await check('/tools', () => table('Tools').waitFor());
    await check('/tools/new', () => page.getByRole('button', { name: 'Create tool' }).waitFor());
    await page.goto(e2e.url('/tools'));
    await table('Tools').getByRole('link', { name: /^Open / }).first().click();
    await page.waitForURL(/\/tools\/\d+$/);
    await check(new URL(page.url()).pathname, () => page.getByRole('heading', { level: 1 }).waitFor());
    await check('/roles', () => table('Roles').waitFor());
  });
});
