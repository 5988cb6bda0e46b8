import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

/**
 * Issue 29's "done when", as a new reviewer walks it in Chromium against the reference API (its
 * seeded scorecards, conversations and timings): the list's queue filter, the next conversation
 * not evaluated, a scorecard answered beside the recording and transcript, a draft, a submit, the
 * grade in the list and its filter, a re-score that adds a revision, a note pinned to a line, the
 * slowest turn; axe at 1280 and 390 px with the panels open, and screenshots of both widths.
 */

let e2e: E2E;
beforeEach(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await e2e?.close();
});

const SHOTS = process.env.REVIEW_SHOTS_DIR;

/** Serious and critical axe violations of the page as it is, at 1280 and 390 px. */
async function axeAtBothWidths(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    const results = await page.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] }),
    );
    for (const v of results.violations) {
      if (v.impact === 'serious' || v.impact === 'critical') found.push(`${where} @${width}px: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
    }
    // Nothing may widen the page past a phone's screen (a long select option once did).
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > width) found.push(`${where} @${width}px: the page is ${wide} px wide (scrolls sideways)`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${where.replace(/\W+/g, '-')}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}

/** Answers every question of the form: the best answer (Yes, 5), or `scale` for the scale questions. */
async function answerAll(form: Locator, scale: string) {
  const questions = form.getByRole('group');
  const count = await questions.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const question = questions.nth(i);
    const yes = question.getByRole('radio', { name: 'Yes', exact: true });
    await ((await yes.count()) > 0 ? yes : question.getByRole('radio', { name: scale, exact: true })).check();
  }
}

describe('a reviewer in Chromium against the reference API', () => {
  test('next not evaluated, answer a scorecard, draft, submit, grade in the list and its filter, pin a note, slowest turn, re-score adds a revision; axe at 1280 and 390 px', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login?redirect=%2Freporting%2Fconversations'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/reporting/conversations');

    // The queue: the list's filter, then the first conversation nobody evaluated.
    await page.getByLabel('Evaluation', { exact: true }).selectOption({ label: 'Not evaluated' });
    await page.waitForURL(/evaluation=none/);
    const rows = page.getByRole('link', { name: /^(Call|Chat) (inbound|outbound), started / });
    await rows.first().waitFor();
    await rows.first().click();
    await page.waitForURL(/\/reporting\/conversations\/[0-9a-f-]{36}$/);

    // A conversation a scorecard applies to: "Next not evaluated" (or N) walks the list's queue.
    const panel = page.getByRole('complementary', { name: 'Evaluation' });
    const start = panel.getByRole('button', { name: 'Start evaluation' });
    const noScorecard = panel.getByText(/No scorecard is assigned/);
    for (let i = 0; i < 8; i += 1) {
      await Promise.race([start.waitFor({ timeout: 30_000 }), noScorecard.waitFor({ timeout: 30_000 })]);
      if (await start.isVisible()) break;
      const here = page.url();
      if (i % 2 === 0) await page.getByRole('button', { name: /^Next not evaluated/ }).click();
      else await page.keyboard.press('n');
      await page.waitForURL((u) => u.toString() !== here);
    }
    expect(await start.isVisible()).toBe(true);
    const conversationPath = new URL(page.url()).pathname;
    const uuid = conversationPath.split('/').at(-1)!;

    await start.click();
    const form = panel.getByRole('form', { name: /^Evaluate with / });
    await form.waitFor();
    // The recording's transcript stays in view beside the questions.
    await expect.poll(() => page.getByRole('list', { name: 'Transcript lines' }).isVisible()).toBe(true);
    await answerAll(form, '4');
    await form.getByLabel('Overall comment').fill('Clear and friendly.');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Draft saved.');

    // axe with the evaluation form, the notes and the latency panel open.
    const violations = await axeAtBothWidths(page, 'conversation evaluating');

    // A draft survives a reload: the same answers come back.
    await page.reload();
    await form.waitFor();
    expect(await form.getByLabel('Overall comment').inputValue()).toBe('Clear and friendly.');

    await form.getByRole('button', { name: 'Submit evaluation' }).click();
    const history = panel.getByRole('list', { name: 'Evaluations, newest first' });
    await history.waitFor();
    const first = await history.getByText(/^Revision 1: /).textContent();
    const grade = /\(([A-F])\)/.exec(first ?? '')?.[1];
    expect(grade).toMatch(/^[A-F]$/);
    // The header's grade follows the submitted evaluation.
    await expect.poll(() => page.locator('dt', { hasText: /^Grade$/ }).locator('xpath=following-sibling::dd[1]').textContent()).toBe(grade);

    // Pin a note to the second line: beside the line, in the notes, on the timeline.
    const lines = page.getByRole('list', { name: 'Transcript lines' });
    await lines.getByRole('button', { name: 'Pin note to line 2' }).click();
    const notes = page.getByRole('region', { name: 'Notes' });
    await expect.poll(() => notes.getByRole('textbox', { name: 'Note' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await notes.getByRole('textbox', { name: 'Note' }).fill('Asked twice for the account number');
    await notes.getByRole('button', { name: 'Pin note' }).click();
    await lines.getByText('Asked twice for the account number').waitFor();
    await notes.getByRole('list', { name: 'Notes in time order' }).getByText('Asked twice for the account number').waitFor();

    // The slowest turn: its transcript line takes the focus.
    const latency = page.getByRole('region', { name: 'Response latency per turn' });
    await latency.getByRole('button', { name: /^Jump to the slowest turn \(/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('transcript-line') ?? false)).toBe(true);

    violations.push(...(await axeAtBothWidths(page, 'conversation submitted with a note')));

    // Re-score: a second revision, the first one kept and readable.
    await panel.getByRole('button', { name: 'Re-score' }).click();
    await panel.getByRole('button', { name: 'Start re-score' }).click();
    await form.waitFor();
    await answerAll(form, '2');
    await form.getByRole('button', { name: 'Submit evaluation' }).click();
    await history.getByText(/^Revision 2: /).waitFor();
    expect(await history.getByText(/^Revision 1: /).count()).toBe(1);
    expect(await history.getByRole('listitem').count()).toBe(2);
    expect(await history.getByRole('listitem').first().getByText('Counts for the grade').count()).toBe(1);
    const second = await history.getByText(/^Revision 2: /).textContent();
    const regrade = /\(([A-F])\)/.exec(second ?? '')?.[1];

    // The list: "Evaluated by me" holds it, with the re-scored grade; the score range finds it.
    await page.goto(url('/reporting/conversations?evaluation=mine'));
    const row = page.getByRole('row').filter({ has: page.locator(`a[href$="${uuid}"]`) });
    await row.waitFor();
    expect(await row.getByRole('cell').filter({ hasText: new RegExp(`^${regrade}$`) }).count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Evaluation', { exact: true }).inputValue()).toBe('mine');
    const score = Number(/: ([\d.]+) \(/.exec(second ?? '')?.[1]);
    await page.getByLabel('Score from').fill(String(Math.floor(score)));
    await page.waitForURL(/score_min=/);
    await page.getByLabel('Score to').fill(String(Math.ceil(score)));
    await page.waitForURL(/score_max=/);
    await row.waitFor();
    // …and "Not evaluated" no longer does.
    await page.goto(url('/reporting/conversations?evaluation=none&show=100'));
    await rows.first().waitFor();
    expect(await page.locator(`a[href$="${uuid}"]`).count()).toBe(0);

    expect(violations).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  }, 240_000);
});
