import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';
import { freshInspectedPage, inspectorPanel, replayWalk, saveWalk, type WalkFile } from '../support/inspectorWalk';

/**
 * Issue 28 item 4: a saved walk replays across routes. Its navigation steps move the page (so the
 * next route's actors start), each step waits for its actor, and a stop says which step and why.
 */
let e2e: E2E;
beforeEach(async () => {
  e2e = await startE2E({ publicConfig: { inspector: true } });
});
afterEach(async () => {
  await e2e?.close();
});

async function replayed(page: Page, walk: WalkFile) {
  const panel = inspectorPanel(page);
  const done = panel.getByText(`Walk replayed: all ${walk.steps.length} steps reached their recorded states.`);
  const stop = panel.getByRole('alert');
  await done.or(stop).first().waitFor({ timeout: 90_000 });
  if (await stop.count()) throw new Error(`replay stopped: ${await stop.textContent()}`);
}

describe('replaying a walk across routes in Chromium', () => {
  test('sign-in → Bots → edit a bot → save, recorded and replayed on a fresh page to the end', async () => {
    const { page, url, context } = e2e;
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(url('/login?inspect'));
    await inspectorPanel(page).getByTestId('current-state').waitFor();
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Bots', exact: true }).first().click();
    await page.waitForURL('**/bots');
    const first = page.getByRole('table', { name: 'Bots' }).getByRole('link').first();
    const name = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.waitForURL('**/edit');
    await page.getByRole('textbox', { name: /^Name/ }).fill(`${name} (edited)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: `${name} (edited)` }).waitFor();
    const recordPath = new URL(page.url()).pathname;

    const { walk } = await saveWalk(page);
    const types = walk.steps.map((step) => `${step.target} ${step.event.type}`);
    // The walk went through the router (located steps) and spawned the Bots actor on its page.
    expect(types).toEqual(expect.arrayContaining(['navigation navigation.located', 'root root.spawn', 'resource:bots resource.edit']));
    await context.close();

    // The tester changes the saved name in the file, so the fresh replay's save is its own.
    const edit = walk.steps.find((step) => step.event.type === 'resource.edit')!;
    (edit.event.values as Record<string, unknown>).name = `${name} (replayed)`;
    const fresh = await freshInspectedPage(e2e.browser, url('/login?inspect'), e2e.pageErrors);
    await replayWalk(fresh, walk, 'password');
    await replayed(fresh, walk);
    // The page moved with the walk: the bot's page, showing the replayed save.
    expect(new URL(fresh.url()).pathname).toBe(recordPath);
    await fresh.getByRole('heading', { level: 1, name: `${name} (replayed)` }).waitFor();
    expect(e2e.pageErrors).toEqual([]);
  }, 180_000); // two whole portals in one browser; the replay waits for each route's actors

  test('a walk through an account flow (register) replays on a fresh page; a walk cut short stops with the step and why', async () => {
    const { page, url, context } = e2e;
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(url('/login?inspect'));
    await inspectorPanel(page).getByTestId('current-state').waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/register');
    await page.getByLabel('Name').fill('Nia New');
    await page.getByLabel('Email').fill('nia@example.com');
    await page.getByLabel('Password', { exact: true }).fill('correct-horse');
    await page.getByLabel('Confirm password').fill('correct-horse');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/email-verification');
    await page.getByRole('heading', { name: 'Verify your email address' }).waitFor();
    const { walk } = await saveWalk(page);
    const submit = walk.steps.find((step) => step.target === 'flow:register' && JSON.stringify(step.event).includes('nia@example.com'));
    expect(submit).toBeDefined();
    expect(JSON.stringify(walk)).not.toContain('correct-horse');
    await context.close();

    // A second person registers through the replay (the file's email changed by the tester).
    const walkJson = JSON.stringify(walk).replaceAll('nia@example.com', 'noor@example.com');
    const again = JSON.parse(walkJson) as WalkFile;
    const fresh = await freshInspectedPage(e2e.browser, url('/login?inspect'), e2e.pageErrors);
    await replayWalk(fresh, again, 'correct-horse');
    await replayed(fresh, again);
    await fresh.waitForURL((u) => u.pathname === '/email-verification');
    await fresh.getByRole('heading', { name: 'Verify your email address' }).waitFor();
    const mails = (e2e.server.server.outbox() as ReadonlyArray<{ to: string }>).filter((mail) => mail.to === 'noor@example.com');
    expect(mails.length).toBeGreaterThan(0);

    // Without its navigation steps the register flow never starts: the stop names the step and says why.
    const cut: WalkFile = { ...again, steps: again.steps.filter((step) => step.event.type !== 'navigation.located' && step.event.type !== 'navigation.go') };
    const third = await freshInspectedPage(e2e.browser, url('/login?inspect'), e2e.pageErrors);
    await replayWalk(third, cut, 'correct-horse');
    const alert = inspectorPanel(third).getByRole('alert');
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.textContent()).toMatch(/^Stopped at step \d+ \(flow:register starts\): flow:register did not start within 10 s \(the portal is at \/login\?inspect\); the page that starts it is not open\.$/);
  }, 180_000);
});
