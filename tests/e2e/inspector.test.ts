import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';
import { freshInspectedPage, inspectorPanel, replayWalk, saveWalk, type WalkFile } from '../support/inspectorWalk';

let e2e: E2E;
beforeEach(async () => {
  // The inspector is off unless configured (README "Machine inspector").
  e2e = await startE2E({ publicConfig: { inspector: true } });
});
afterEach(async () => {
  await e2e?.close();
});

const authStates = (page: Page) =>
  inspectorPanel(page)
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.filter((row) => row.children[2]?.textContent === 'auth').map((row) => row.children[4]?.textContent ?? ''));

describe('machine inspector in Chromium', () => {
  test('?inspect opens it; the sign-in is logged from boot; the saved walk replays on a fresh page; an altered walk fails at its step', async () => {
    const { page, url, context } = e2e;
    await page.goto(url('/login?inspect'));
    const panel = inspectorPanel(page);
    await panel.getByRole('heading', { name: 'Machine inspector' }).waitFor();
    await expect(panel.getByRole('heading', { name: 'Machine inspector' }).evaluate((h) => h === document.activeElement)).resolves.toBe(true);

    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Global totals' }).waitFor();
    await panel.getByTestId('current-state').filter({ hasText: 'signedIn' }).waitFor();

    // The auth actor moved through its states, in order, in the log.
    await panel.getByLabel('Show events of').selectOption('auth');
    const states = await authStates(page);
    const order = ['signingIn', 'fetchingUser', 'fetchingPermissions', 'signedIn'].map((s) => states.indexOf(s));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(await panel.getByRole('table').textContent()).not.toContain('"password":"password"');

    // The statechart marks the active state.
    await expect(panel.getByRole('img', { name: 'signedIn (active)' }).getAttribute('aria-current')).resolves.toBe('true');

    // Save the whole walk (all actors) and capture the download.
    await panel.getByLabel('Show events of').selectOption('');
    const { filename, walk } = await saveWalk(page);
    expect(filename).toMatch(/^walk-.*\.json$/);
    expect(walk.format).toBe('agent-portal-walk');
    const submitIndex = walk.steps.findIndex((step) => step.event.type === 'auth.submit');
    expect(submitIndex).toBeGreaterThanOrEqual(0);
    expect(walk.steps[submitIndex]).toMatchObject({ target: 'auth', event: { credentials: { email: 'admin@example.com', password: '[redacted]' } }, expected: 'signedIn' });
    expect(JSON.stringify(walk)).not.toContain('"password":"password"');
    await context.close();

    // Replayed on a fresh page, with the password typed in: it passes and signs in for real.
    const fresh = await freshInspectedPage(e2e.browser, url('/login?inspect'));
    await replayWalk(fresh, walk, 'password');
    await fresh.getByText(`Walk replayed: all ${walk.steps.length} steps reached their recorded states.`).waitFor({ timeout: 30_000 });
    await fresh.waitForURL('**/dashboard');
    expect(await authStates(fresh)).toEqual(expect.arrayContaining(['signingIn', 'fetchingUser', 'fetchingPermissions', 'signedIn']));

    // A deliberately altered walk (sign-in expected to fail) stops at that step, with its number.
    const altered: WalkFile = { ...walk, steps: walk.steps.map((step, i) => (i === submitIndex ? { ...step, expected: 'signedOut' } : step)) };
    const third = await freshInspectedPage(e2e.browser, url('/login?inspect'));
    await replayWalk(third, altered, 'password');
    const alert = inspectorPanel(third).getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toBe(`Stopped at step ${submitIndex + 1} (sign-in: auth.submit to auth): expected auth in signedOut, got signedIn.`);
    expect(e2e.pageErrors).toEqual([]);
  });

  test('a tester walks sign-in through its form, saves the walk and replays it on a fresh page; the panel survives a reload', async () => {
    const { page, url, context } = e2e;
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(url('/login?inspect'));
    const panel = inspectorPanel(page);
    await panel.getByTestId('current-state').filter({ hasText: 'signedOut' }).waitFor();
    // The diagram is laid out by ELK (in a worker); its labels are placed, none over another.
    await panel.locator('svg[data-engine="layered"]').waitFor();
    const boxes = await panel.locator('.chart-edges text').evaluateAll((texts) => texts.map((t) => (t as SVGGraphicsElement).getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
    expect(boxes.length).toBeGreaterThan(5);
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h).toBe(false);
    // Legible at the default zoom (issue 28 item 5): every label at least 11 px; the viewport scrolls
    // to what does not fit (nothing is cut off out of reach); Fit keeps 11 px and says it cannot fit.
    const textHeights = () => panel.locator('svg.chart text').evaluateAll((texts) => texts.map((t) => Number.parseFloat(getComputedStyle(t).fontSize) * ((t as SVGGraphicsElement).getScreenCTM()?.a ?? 1)));
    expect(Math.min(...(await textHeights()))).toBeGreaterThanOrEqual(11);
    const scrollable = await panel.locator('.chart-viewport').evaluate((el) => ({ overflow: getComputedStyle(el).overflowX, wider: el.scrollWidth > el.clientWidth }));
    expect(scrollable).toEqual({ overflow: 'auto', wider: true });
    await panel.getByRole('button', { name: 'Fit' }).click();
    await panel.getByText(/The whole chart does not fit here at a readable size; it is shown at the smallest readable zoom \(92%\)/).waitFor();
    expect(Math.min(...(await textHeights()))).toBeGreaterThanOrEqual(10.9);
    // The transitions the current state (signedOut) accepts are drawn in the theme colour.
    expect(await panel.locator('.chart-edges text.is-accepted').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('auth.submit')]));
    // Full window: the compact auth chart (about 1389 × 716 px at 1:1) is shown whole at a readable size.
    const fullWindow = panel.getByRole('button', { name: 'Full window' });
    await fullWindow.click();
    expect(await panel.locator('.chart-viewport').evaluate((el) => el.clientWidth)).toBeGreaterThan(1300);
    await panel.getByRole('button', { name: 'Fit' }).click();
    await panel.getByText('The whole chart is shown.').waitFor();
    expect(Math.min(...(await textHeights()))).toBeGreaterThanOrEqual(11);
    await page.screenshot({ path: '/tmp/chats-chart-full-1400.png' });
    await fullWindow.press('Escape');
    expect(await fullWindow.getAttribute('aria-pressed')).toBe('false');
    await panel.waitFor();

    // auth.submit opens a form that asks for what it needs.
    const events = panel.getByRole('group', { name: 'Events auth accepts' });
    await events.getByRole('button', { name: 'auth.submit' }).click();
    const form = panel.getByRole('form', { name: /auth\.submit/ });
    await form.getByLabel(/^Email/).fill('admin@example.com');
    await form.getByLabel(/^Password/).fill('password');
    await form.getByRole('button', { name: 'Send auth.submit' }).click();
    await page.waitForURL('**/dashboard');
    await panel.getByTestId('current-state').filter({ hasText: 'signedIn' }).waitFor();
    await panel.getByRole('table').getByText('auth: signing in → succeeded').first().waitFor();

    const { walk } = await saveWalk(page);
    expect(walk.steps.find((step) => step.event.type === 'auth.submit')).toMatchObject({ target: 'auth', event: { credentials: { email: 'admin@example.com', password: '[redacted]' } }, expected: 'signedIn' });

    // Open and selected actor survive a full-page navigation (a reload of the portal).
    await panel.getByRole('navigation', { name: 'Actors' }).getByRole('button', { name: /^navigation/ }).click();
    await panel.getByRole('region', { name: 'Selected actor navigation' }).waitFor();
    await page.goto(url('/users'));
    await panel.getByRole('region', { name: 'Selected actor navigation' }).waitFor();
    await context.close();

    const fresh = await freshInspectedPage(e2e.browser, url('/login?inspect'));
    await replayWalk(fresh, walk, 'password');
    await fresh.getByText(`Walk replayed: all ${walk.steps.length} steps reached their recorded states.`).waitFor({ timeout: 30_000 });
    await fresh.waitForURL('**/dashboard');

    // Without the password, the replay stops at the sign-in and says why.
    const third = await freshInspectedPage(e2e.browser, url('/login?inspect'));
    await replayWalk(third, walk, undefined);
    const alert = inspectorPanel(third).getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toContain('sign-in was skipped: the steps after it need a signed-in user');
    expect(e2e.pageErrors).toEqual([]);
  });

  test('axe: no serious or critical violation with the inspector open, at 1280 and 390 px', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto(url('/dashboard?inspect'));
    const panel = inspectorPanel(page);
    await panel.locator('svg[data-engine="layered"]').waitFor();
    await panel.getByRole('group', { name: 'Events auth accepts' }).getByRole('button', { name: 'auth.userUpdated' }).click();
    await panel.getByRole('form', { name: /auth\.userUpdated/ }).waitFor();
    const serious = async (where: string) =>
      // target-size (WCAG 2.5.8) is off in axe's defaults: the inspector's small controls are checked too.
      (await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    const violations = await serious('1280');
    await page.setViewportSize({ width: 390, height: 844 });
    violations.push(...(await serious('390')));
    expect(violations).toEqual([]);
  });

  test('the user menu opens the inspector; Escape closes it and focus returns to the menu', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('dialog', { name: 'Machine inspector' }).count()).toBe(0);
    const menuButton = page.getByRole('button', { name: /Ada|Admin|admin@example.com/ });
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Machine inspector' }).click();
    const panel = inspectorPanel(page);
    await panel.waitFor();
    // Recorded from boot even though the panel opened later.
    await panel.getByRole('table').getByText('auth.submit').first().waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect(menuButton.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
  });
});
