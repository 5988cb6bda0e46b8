import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

/**
 * Issue 12's walk, as a new staff user would take it in Chromium against the built portal and the
 * reference API: under "All accounts", create an agent for a chosen account with its LLM; open it
 * and see names; go back to the list at its page; edit, leave with changes (asked), save
 * (announced); remove a relation and undo; buy a number (confirmed); the essentials at 390 px.
 */
let e2e: E2E;
let context: BrowserContext;
let page: Page;
const pageErrors: Error[] = [];
const NEW_STAFF = 'nora.new@example.com';

beforeAll(async () => {
  e2e = await startE2E();
  // A new member of staff: today's account, the Administrator role (every account, level 9), nothing else.
  const db = e2e.server.server.db;
  db.prepare(`INSERT INTO users (account_id, name, email, password_hash, email_verified_at, is_admin, theme_color)
    SELECT account_id, 'Nora New', ?, password_hash, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 0, '#0f766e' FROM users WHERE email = 'admin@example.com'`).run(NEW_STAFF);
  db.prepare(`INSERT INTO user_roles (user_id, role_id) SELECT (SELECT id FROM users WHERE email = ?), id FROM roles WHERE name = 'Administrator'`).run(NEW_STAFF);
});
afterAll(async () => {
  await e2e?.close();
});
afterEach(async () => {
  await context?.close();
});

async function session(width: number, height: number) {
  context = await e2e.browser.newContext({ viewport: { width, height } });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(e2e.url('/login'));
  await signIn(page, NEW_STAFF);
  await page.waitForURL('**/dashboard');
}

const accountId = (name: string) => (e2e.server.server.db.prepare('SELECT id FROM accounts WHERE name = ?').get(name) as { id: number }).id;
const toast = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first();

async function noSeriousAxeViolations(where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A section through the menu, as a user gets there: the side menu, or below 992 px the drawer under the header. */
async function openSection(label: string) {
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: label, exact: true }).click();
}

/** Under "All accounts": New agent for `account` with its LLM; returns the new agent's id. */
async function createAgentFor(account: string, name: string, llm: string): Promise<string> {
  await openSection('Agents');
  await page.waitForURL(/\/agents$/);
  await page.getByRole('table', { name: 'Agents' }).getByRole('columnheader', { name: 'Account' }).waitFor();
  await page.getByRole('link', { name: 'New agent' }).click();
  await page.waitForURL('**/agents/new');
  const form = page.getByRole('form', { name: 'New agent' });
  const llmPicker = form.getByRole('combobox', { name: 'LLM' });
  // Until the account is chosen the LLM waits: no other account's LLM can be picked.
  await expect.poll(() => llmPicker.isDisabled()).toBe(true);
  await form.getByRole('combobox', { name: /^Belongs to account/ }).selectOption({ label: account });
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  // The account's LLMs (24 on the demo data) are a searchable picker (issue 28): click it, click one.
  await expect.poll(() => llmPicker.evaluate((el) => el.tagName)).toBe('INPUT');
  await expect.poll(() => llmPicker.getAttribute('aria-busy')).toBeNull();
  await llmPicker.click();
  const list = form.getByRole('listbox', { name: 'LLM' });
  const options = list.getByRole('option');
  await list.getByRole('option', { name: llm, exact: true }).waitFor();
  const labels = await options.allTextContents();
  // One account's LLMs: no name twice, no "— Account" suffix needed.
  expect(new Set(labels).size).toBe(labels.length);
  expect(labels.filter((label) => label.includes(' — '))).toEqual([]);
  await list.getByRole('option', { name: llm, exact: true }).click();
  expect(await llmPicker.inputValue()).toBe(llm);
  await form.getByRole('button', { name: 'Create agent' }).click();
  await page.waitForURL(/\/agents\/\d+$/);
  await toast('Agent created.').waitFor();
  return page.url().split('/').at(-1)!;
}

/** The whole walk at one screen width. */
async function walk({ width, height, account, llm, agent }: { width: number; height: number; account: string; llm: string; agent: string }) {
  await session(width, height);
  const owner = accountId(account);
  const id = await createAgentFor(account, agent, llm);
  const stored = e2e.server.server.db.prepare('SELECT account_id, llm_id FROM agents WHERE id = ?').get(id) as { account_id: number; llm_id: number };
  expect(stored.account_id).toBe(owner);
  const llmAccount = (e2e.server.server.db.prepare('SELECT account_id FROM llms WHERE id = ?').get(stored.llm_id) as { account_id: number }).account_id;
  expect(llmAccount).toBe(owner);

  // The record page names what it links to.
  await page.getByRole('heading', { level: 1, name: agent }).waitFor();
  const fields = page.locator('dl.record-fields');
  await expect.poll(() => fields.getByRole('link', { name: llm, exact: true }).getAttribute('href')).toBe(`/llms/${stored.llm_id}`);
  expect(await fields.getByRole('link', { name: account }).getAttribute('href')).toBe(`/accounts/${owner}`);
  await noSeriousAxeViolations(`record page ${width}`);

  // Back to the list at its page: open a record from page 2; the record page's Back returns there.
  await openSection('Agents');
  const table = page.getByRole('table', { name: 'Agents' });
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.waitForURL(/\/agents\?page=2$/);
  await page.getByText(/^Page 2 of \d+$/).waitFor();
  await table.getByRole('link', { name: /^Open / }).first().click();
  await page.waitForURL(/\/agents\/\d+$/);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.waitForURL(/\/agents\?page=2$/);
  await page.getByText(/^Page 2 of \d+$/).waitFor();
  // Every row's account is a name (one lookup for the page).
  await expect.poll(() => table.getByRole('link', { name: /^(Acme Support|Globex Sales|Initech Care)$/ }).count()).toBeGreaterThan(0);
  // On a phone the Account column scrolls away: each row's key cell says whose it is too.
  const keyCell = table.locator('tbody tr').first().locator('td').filter({ has: page.getByRole('link', { name: /^Open / }) });
  const underName = keyCell.getByText(/^(Acme Support|Globex Sales|Initech Care)$/);
  expect(await underName.isVisible()).toBe(width < 600);

  // Edit; leaving with changes asks first (in the page); staying keeps the text; saving is announced.
  await page.goto(e2e.url(`/agents/${id}`));
  await page.getByRole('link', { name: `Edit ${agent}` }).click();
  await page.waitForURL(new RegExp(`/agents/${id}/edit$`));
  const name = page.getByRole('textbox', { name: /^Name/ });
  await expect.poll(() => name.inputValue()).toBe(agent);
  await name.fill(`${agent} renamed`);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Agents' }).click();
  // Asked in the page (a focus-trapping dialog), not by the browser.
  const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
  await leave.getByText('You have unsaved changes. Leave this page and lose them?').waitFor();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  expect(page.url()).toMatch(new RegExp(`/agents/${id}/edit$`));
  expect(await name.inputValue()).toBe(`${agent} renamed`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForURL(new RegExp(`/agents/${id}$`));
  await toast('Changes saved.').waitFor();

  // A relation: assign a tool, remove it, undo.
  await page.getByRole('navigation', { name: 'Record sections' }).getByRole('link', { name: 'Tools' }).click();
  const picker = page.getByRole('combobox', { name: 'Available tools' });
  await picker.locator('option').nth(1).waitFor({ state: 'attached' });
  const tool = (await picker.locator('option').nth(1).textContent())!;
  await picker.selectOption({ label: tool });
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  const assigned = page.getByRole('list', { name: 'Assigned tools' });
  await assigned.getByRole('link', { name: tool }).waitFor();
  await page.getByRole('button', { name: `Remove ${tool}` }).click();
  await toast(`Removed “${tool}”.`).getByRole('button', { name: 'Undo' }).click();
  await toast(`“${tool}” assigned again.`).waitFor();
  await assigned.getByRole('link', { name: tool }).waitFor();

  // Buying a number asks first, with its price.
  await openSection('Instances');
  await page.getByRole('table', { name: 'Instances' }).getByRole('link', { name: /^Open / }).first().click();
  await page.waitForURL(/\/instances\/\d+$/);
  await page.getByRole('navigation', { name: 'Record sections' }).getByRole('link', { name: 'Phone numbers' }).click();
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.locator('option', { hasText: 'United States' }).waitFor({ state: 'attached' });
  await country.selectOption({ label: 'United States' });
  await page.getByRole('button', { name: 'Search numbers' }).click();
  const buy = page.getByRole('table', { name: 'Available phone numbers' }).getByRole('button', { name: /^Buy / }).first();
  const number = (await buy.getAttribute('aria-label'))!.replace(/^Buy /, '');
  await buy.click();
  const confirm = page.getByRole('alertdialog', { name: 'Buy this number?' });
  await confirm.getByText(/costs \$[\d.,]+ a month\./).waitFor();
  await confirm.getByRole('button', { name: /^Buy for / }).click();
  await page.locator('strong', { hasText: number }).waitFor();

  await page.goto(e2e.url('/agents/new'));
  await page.getByRole('button', { name: 'Create agent' }).waitFor();
  await noSeriousAxeViolations(`new agent form ${width}`);
  expect(pageErrors).toEqual([]);
}

describe('issue 12: the walk of a new staff user', () => {
  test('1280 px: create for a chosen account, names, back to the list page, leave asked, save announced, remove and undo, buy confirmed', async () => {
    await walk({ width: 1280, height: 800, account: 'Globex Sales', llm: 'GPT-4o (production)', agent: 'Walk agent' });
  });

  test('390 px (menu in the drawer): the same walk', async () => {
    await walk({ width: 390, height: 844, account: 'Initech Care', llm: 'Claude Sonnet', agent: 'Phone walk agent' });
  });
});
