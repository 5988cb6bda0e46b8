import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { drawsFrames } from './frames';

/** A walk file as the machine inspector saves it ("Save walk"). */
export interface WalkFile {
  format: string;
  steps: Array<{ target: string; event: { type: string; [key: string]: unknown }; expected: unknown }>;
}

export const inspectorPanel = (page: Page) => page.getByRole('dialog', { name: 'Machine inspector' });

/** "Save walk" in the panel: the downloaded file's name and its walk. */
export async function saveWalk(page: Page): Promise<{ filename: string; walk: WalkFile }> {
  const [download] = await Promise.all([page.waitForEvent('download'), inspectorPanel(page).getByRole('button', { name: 'Save walk' }).click()]);
  return { filename: download.suggestedFilename(), walk: JSON.parse(await readFile((await download.path())!, 'utf8')) as WalkFile };
}

/**
 * A fresh portal (new browser context: no cookies, no session) at `url` (a sign-in page with
 * ?inspect), its panel open and the form shown. Its page errors go to `pageErrors` when given.
 */
export async function freshInspectedPage(browser: Browser, url: string, pageErrors?: Error[]): Promise<Page> {
  for (let attempt = 1; ; attempt++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    if (pageErrors) page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(url);
    await inspectorPanel(page).waitFor();
    await page.getByLabel('Email').waitFor();
    // A page headless Chromium draws no frames for never passes a click's stability check.
    if (attempt === MAX_OPENINGS || (await drawsFrames(page))) return page;
    console.warn(`e2e: ${url} drew no animation frame (opening ${attempt} of ${MAX_OPENINGS}); opening it in a new context`);
    await context.close();
  }
}

const MAX_OPENINGS = 3;

/** Loads the walk, types `secret` for every redacted value it asks for (none when undefined), and replays it. */
export async function replayWalk(page: Page, walk: WalkFile, secret: string | undefined) {
  const panel = inspectorPanel(page);
  await panel.getByLabel('Walk file').setInputFiles({ name: 'walk.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(walk)) });
  await panel.getByRole('button', { name: 'Replay walk' }).waitFor();
  if (secret !== undefined) for (const field of await panel.getByLabel(/value for redacted/).all()) await field.fill(secret);
  await panel.getByRole('button', { name: 'Replay walk' }).click();
}
