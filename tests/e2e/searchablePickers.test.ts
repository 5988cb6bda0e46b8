import AxeBuilder from '@axe-core/playwright';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Issue 28 item 6: long pickers are searchable and, under "All accounts", say whose each item is. */
let e2e: E2E;
beforeEach(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await e2e?.close();
});

const serious = async (page: E2E['page']) =>
  (await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** On a 390 px phone the open list stays inside the screen (screenshot taken), axe finds nothing serious, no page error. */
async function openListFitsPhone(list: ReturnType<E2E['page']['getByRole']>, screenshot: string) {
  const box = await list.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await e2e.page.screenshot({ path: screenshot });
  expect(await serious(e2e.page)).toEqual([]);
  expect(e2e.pageErrors).toEqual([]);
}

describe('searchable pickers in Chromium', () => {
  test('"Chat with": every bot and instance, each naming its account; typing narrows; a click chooses; the chat starts with it', async () => {
    const { page, url, server } = e2e;
    const targets = server.server.db.prepare('SELECT (SELECT COUNT(*) FROM bots) + (SELECT COUNT(*) FROM instances) AS n').get() as { n: number };
    await page.goto(url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto(url('/chat'));
    await page.getByRole('status').filter({ hasText: 'Chat gateway:' }).getByText('Connected', { exact: true }).waitFor();
    const picker = page.getByRole('combobox', { name: 'Chat with' });
    await expect.poll(() => picker.getAttribute('aria-busy')).toBeNull();
    await picker.click();
    const list = page.getByRole('listbox', { name: 'Chat with' });
    const options = list.getByRole('option');
    // The demo bot, then every bot and instance of every account (up to 200 drawn; typing narrows).
    expect(targets.n).toBeGreaterThan(100);
    expect(await options.count()).toBe(targets.n + 1);
    const names = await options.allTextContents();
    expect(names.slice(1).every((name) => / — \S/.test(name))).toBe(true);
    await page.screenshot({ path: '/tmp/chats-picker-1280.png' });
    expect(await serious(page)).toEqual([]);

    const bot = server.server.db.prepare("SELECT b.name, a.name AS account FROM bots b JOIN accounts a ON a.id = b.account_id ORDER BY b.id DESC LIMIT 1").get() as { name: string; account: string };
    await picker.fill(`${bot.name} ${bot.account}`);
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(1);
    expect(await options.first().textContent()).toBe(`${bot.name} — ${bot.account}`);
    await options.first().click();
    expect(await picker.inputValue()).toBe(`${bot.name} — ${bot.account}`);
    await expect.poll(() => list.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('heading', { level: 2, name: new RegExp(`^${escaped(bot.name)}`) }).waitFor();

    // Escape closes the list and keeps the choice; on a phone the list fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const before = await picker.inputValue();
    await picker.click();
    await picker.fill('zzz-nothing');
    await page.getByText('Nothing matches “zzz-nothing”.').waitFor();
    await picker.press('Escape');
    expect(await picker.inputValue()).toBe(before);
    await picker.click();
    await openListFitsPhone(list, '/tmp/chats-picker-390.png');
  });

  test("the call's instance is a searchable picker of the instances with a number, naming their accounts", async () => {
    const { page, url, server } = e2e;
    const instance = server.server.db.prepare("SELECT i.name, a.name AS account FROM instances i JOIN accounts a ON a.id = i.account_id WHERE i.phone_number IS NOT NULL ORDER BY i.id DESC LIMIT 1").get() as { name: string; account: string };
    await page.goto(url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto(url('/chat'));
    const picker = page.getByRole('combobox', { name: 'Instance' });
    await expect.poll(() => picker.getAttribute('aria-busy')).toBeNull();
    await picker.click();
    await picker.fill(instance.name);
    const option = page.getByRole('listbox', { name: 'Instance' }).getByRole('option', { name: new RegExp(`^${escaped(instance.name)} \\(.*\\) — ${escaped(instance.account)}$`) });
    await option.click();
    expect(await picker.inputValue()).toMatch(new RegExp(`^${escaped(instance.name)} \\(`));
  });
  test('the Bots list\'s Instance filter: every instance naming its account under "All accounts"; typing narrows; choosing filters the list', async () => {
    const { page, url, server } = e2e;
    const instances = (server.server.db.prepare('SELECT COUNT(*) AS n FROM instances').get() as { n: number }).n;
    await page.goto(url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto(url('/bots'));
    const filter = page.getByRole('search', { name: 'Search Bots' }).getByRole('combobox', { name: 'Instance' });
    await expect.poll(() => filter.evaluate((el) => el.tagName)).toBe('INPUT');
    await expect.poll(() => filter.getAttribute('aria-busy')).toBeNull();
    await filter.click();
    const options = page.getByRole('listbox', { name: 'Instance' }).getByRole('option');
    await expect.poll(() => options.count()).toBe(instances + 1);
    const names = await options.allTextContents();
    expect(names[0]).toBe('All');
    expect(names.slice(1).every((name) => / — (Acme Support|Globex Sales|Initech Care)$/.test(name))).toBe(true);
    await filter.fill('main line globex');
    await page.getByRole('option', { name: 'Main line — Globex Sales', exact: true }).click();
    await page.waitForURL((at) => at.searchParams.has('filter[instance_id]'));
    expect(await filter.inputValue()).toBe('Main line — Globex Sales');
    const id = new URL(page.url()).searchParams.get('filter[instance_id]');
    const expected = server.server.db.prepare("SELECT i.id FROM instances i JOIN accounts a ON a.id = i.account_id WHERE i.name = 'Main line' AND a.name = 'Globex Sales'").get() as { id: number };
    expect(id).toBe(String(expected.id));
    expect(await serious(page)).toEqual([]);
  }, 60_000);

  test("a form's long record list (the agent's LLM) is a searchable picker: labelled, keyboard, no match said, bad input keeps the choice", async () => {
    const { page, url, server } = e2e;
    const db = server.server.db;
    const account = db.prepare("SELECT id FROM accounts WHERE name = 'Globex Sales'").get() as { id: number };
    const llms = (db.prepare('SELECT COUNT(*) AS n FROM llms WHERE account_id = ? OR account_id IS NULL').get(account.id) as { n: number }).n;
    await page.goto(url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto(url('/agents/new'));
    const form = page.getByRole('form', { name: 'New agent' });
    await form.getByRole('combobox', { name: /^Belongs to account/ }).selectOption({ label: 'Globex Sales' });
    const picker = form.getByRole('combobox', { name: 'LLM', exact: true });
    await expect.poll(() => picker.evaluate((el) => el.tagName)).toBe('INPUT');
    await expect.poll(() => picker.getAttribute('aria-busy')).toBeNull();
    await picker.click();
    const list = form.getByRole('listbox', { name: 'LLM' });
    const options = list.getByRole('option');
    // "None", then the account's LLMs (and any global ones), plain names: one account needs no "— account".
    expect(llms).toBeGreaterThan(15);
    await expect.poll(() => options.count()).toBe(llms + 1);
    expect(await options.first().textContent()).toBe('None');
    expect((await options.allTextContents()).filter((name) => name.includes(' — '))).toEqual([]);
    await page.screenshot({ path: '/tmp/chats-form-picker-1280.png' });
    expect(await serious(page)).toEqual([]);

    // Keyboard: typing narrows, arrows move, Enter chooses, Escape closes and keeps the choice.
    const llm = db.prepare('SELECT name FROM llms WHERE account_id = ? ORDER BY id DESC LIMIT 1').get(account.id) as { name: string };
    await picker.fill(llm.name);
    await expect.poll(() => options.first().textContent()).toBe(llm.name);
    await picker.press('Enter');
    expect(await picker.inputValue()).toBe(llm.name);
    await picker.press('ArrowDown');
    await expect.poll(() => list.isVisible()).toBe(true);
    await picker.fill('zzz-nothing');
    await page.getByText('Nothing matches “zzz-nothing”.').waitFor();
    await picker.press('Escape');
    await expect.poll(() => list.isVisible()).toBe(false);
    expect(await picker.inputValue()).toBe(llm.name);

    // Bad input (no name) is said and loses nothing: the LLM stays chosen; then the agent is created with it.
    await form.getByRole('button', { name: 'Create agent' }).click();
    await form.getByText('The name field is required.').waitFor();
    expect(await picker.inputValue()).toBe(llm.name);
    await form.getByRole('textbox', { name: /^Name/ }).fill('Picker agent');
    await form.getByRole('button', { name: 'Create agent' }).click();
    await page.waitForURL(/\/agents\/\d+$/);
    const stored = db.prepare("SELECT l.name FROM agents a JOIN llms l ON l.id = a.llm_id WHERE a.name = 'Picker agent'").get() as { name: string };
    expect(stored.name).toBe(llm.name);

    // On a phone the open list stays inside the screen; axe finds nothing serious.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('/agents/new'));
    await form.getByRole('combobox', { name: /^Belongs to account/ }).selectOption({ label: 'Globex Sales' });
    await expect.poll(() => picker.evaluate((el) => el.tagName)).toBe('INPUT');
    await expect.poll(() => picker.getAttribute('aria-busy')).toBeNull();
    await picker.click();
    await openListFitsPhone(list, '/tmp/chats-form-picker-390.png');
  }, 90_000);
});
