import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

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

const SECTIONS: Record<string, string> = {
  users: 'user', accounts: 'account', roles: 'role', instances: 'instance', actions: 'action', contacts: 'contact', feedback: 'feedback',
  agents: 'agent', 'agent-instructions': 'agent instruction', tools: 'tool', llms: 'LLM', bots: 'bot', dispositions: 'disposition',
  scorecards: 'scorecard', workflows: 'workflow',
};

/**
 * Fills only what the form marks required (the `*` fields), exactly as a user in a hurry would,
 * and leaves every optional field as the form first showed it.
 */
async function fillRequiredOnly(page: Page, key: string) {
  const form = page.getByRole('form');
  // A long choice list is a searchable picker (an input with role combobox): chosen below, never typed into.
  const inputs = form.locator('input[aria-required="true"]:not([role="combobox"]), textarea[aria-required="true"]');
  for (const input of await inputs.all()) {
    const name = (await input.getAttribute('name')) ?? '';
    const type = (await input.getAttribute('type')) ?? 'text';
    const mode = await input.getAttribute('inputmode');
    if (type === 'email') await input.fill(`only-required-${Date.now()}@example.com`);
    else if (type === 'password') await input.fill('Tangerine-Lantern-42');
    else if (mode === 'numeric' || mode === 'decimal') await input.fill('3');
    else await input.fill(`Only required ${key} ${name}`);
  }
  for (const select of await form.locator('select[required]').all()) {
    const first = await select.locator('option:not([value=""])').first().getAttribute('value');
    await select.selectOption(first!);
  }
  // Required pickers (once their records have loaded): open the list, click its first non-empty option.
  await expect.poll(() => form.locator('[aria-busy="true"]').count()).toBe(0);
  for (const picker of await form.locator('input[role="combobox"][aria-required="true"]').all()) {
    await picker.click();
    const list = form.locator(`[id="${await picker.getAttribute('aria-controls')}"]`);
    // The first option is the empty choice ("None"); the second is the first real one.
    await list.getByRole('option').nth(1).click();
    expect(await picker.inputValue()).not.toBe('');
  }
}

describe('a new record with only the required fields, in every section', () => {
  test.each(Object.entries(SECTIONS))('/%s/new creates the record', async (key, one) => {
    await page.goto(e2e.url(`/${key}/new`));
    const create = page.getByRole('button', { name: `Create ${one}` });
    await create.waitFor();
    await fillRequiredOnly(page, key);
    await create.click();
    const outcome = await Promise.race([
      page.waitForURL(new RegExp(`/${key}/\\d+$`)).then(() => 'created'),
      page.getByRole('alert').first().waitFor().then(async () => `alert: ${await page.getByRole('alert').allInnerTexts()}`),
    ]);
    expect(outcome).toBe('created');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });
});
