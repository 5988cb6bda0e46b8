import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeEach(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await e2e?.close();
});

describe('reporting in Chromium against the reference API', () => {
  test('the admin filters conversations by grade, reads a transcript and exports CSV under the server’s name', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login?redirect=%2Freporting'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/reporting');
    await page.getByRole('heading', { name: /Global statistics/ }).waitFor();
    await page.getByRole('img', { name: /Conversations per day/ }).waitFor();
    // uPlot drew the time series on its canvas.
    await page.locator('.chart-plot[data-drawn] canvas').first().waitFor();

    await page.getByRole('navigation', { name: 'Reporting pages' }).getByRole('link', { name: 'Conversations', exact: true }).click();
    await page.waitForURL('**/reporting/conversations');
    await page.getByText('180 conversations').waitFor();
    await page.getByRole('combobox', { name: 'Grades' }).fill('F');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/reporting/conversations?grade=F');
    const status = page.getByText(/^\d+ conversations$/);
    await expect.poll(async () => status.textContent()).not.toBe('180 conversations');
    const shown = Number((await status.textContent())?.split(' ')[0]);
    expect(shown).toBeGreaterThan(0);
    const grades = await page.locator('table.report-table tbody tr td:last-child').allTextContents();
    expect(new Set(grades)).toEqual(new Set(['F']));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^conversations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(shown + 1);
    await page.getByText(`Downloaded ${file.suggestedFilename()}`).waitFor();

    await page.getByRole('link', { name: /^(Call|Chat) (inbound|outbound), started / }).first().click();
    await page.waitForURL(/\/reporting\/conversations\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: /^(Call|Chat) / }).waitFor();
    const lines = page.getByRole('list', { name: 'Transcript lines' });
    await lines.getByRole('button').first().waitFor();
    expect(await lines.getByRole('button').count()).toBeGreaterThan(2);
    expect(await lines.locator('.transcript-seconds').first().textContent()).toMatch(/^\d+\.\d{2} s$/);
    // Tabs from the URL: Log is a path segment.
    await page.getByRole('navigation', { name: 'Report tabs' }).getByRole('link', { name: 'Log' }).click();
    await page.waitForURL(/\/log$/);
    await page.getByRole('heading', { level: 2, name: 'Log' }).waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });

  test('a search the server refuses says why under the search box, and the next search clears it', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login?redirect=%2Freporting%2Fconversations'));
    await signIn(page, 'admin@example.com');
    await page.getByText('180 conversations').waitFor();
    const box = page.getByRole('searchbox', { name: 'Search' });
    // 45 different characters: more different three-character parts than a search may have.
    await box.fill(Array.from({ length: 45 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join(''));
    const message = page.getByRole('search', { name: 'Conversation filters' }).getByRole('alert');
    await expect.poll(async () => message.textContent()).toMatch(/more than 40 different three-character parts/);
    await expect.poll(async () => box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent)).toMatch(/three-character parts/);
    // The rows of the last search are not listed under the refused one.
    expect(await page.locator('table.report-table').count()).toBe(0);
    await box.fill('zzzqqq');
    await page.getByText('0 conversations').waitFor();
    expect(await box.getAttribute('aria-invalid')).toBeNull();
    expect(await message.count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  });

  test('the viewer sees only their own account’s conversations', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login?redirect=%2Freporting%2Fconversations'));
    await signIn(page, 'viewer@example.com');
    await page.waitForURL('**/reporting/conversations');
    await page.getByText('60 conversations').waitFor();
    const accounts = await page.locator('table.report-table tbody tr td:nth-child(3)').allTextContents();
    expect(accounts.length).toBeGreaterThan(0);
    expect(new Set(accounts)).toEqual(new Set(['Globex Sales']));
  });
});
