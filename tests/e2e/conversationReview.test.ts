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

const audioTime = (e2e: E2E) => e2e.page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);

describe('reviewing a conversation in Chromium against the reference API', () => {
  test('filter by grade, open a call, play, seek from the third transcript line, export transcript and list, then the overview charts and a drilldown', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login?redirect=%2Freporting%2Fconversations'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/reporting/conversations');
    await page.getByText('180 conversations').waitFor();

    // Filter: grade A calls.
    // Filters apply as they change: a grade from the searchable multi-select, then the channel.
    await page.getByRole('combobox', { name: 'Grades' }).fill('a');
    await page.keyboard.press('Enter');
    await page.waitForURL(/grade=A/);
    await page.getByLabel('Channel').selectOption('voice');
    await page.waitForURL(/channel=voice/);
    await expect.poll(async () => page.getByText(/^\d+ conversations$/).textContent()).not.toBe('180 conversations');

    // The list exports under the server's name.
    const listDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await listDownload).suggestedFilename()).toMatch(/^conversations-\d{4}-\d{2}-\d{2}\.csv$/);

    // Open calls until one still has its audio (about one in seven is past retention).
    const links = page.getByRole('link', { name: /^(Call|Chat) (inbound|outbound), started / });
    const count = await links.count();
    let playable = false;
    for (let i = 0; i < Math.min(count, 5) && !playable; i += 1) {
      await links.nth(i).click();
      await page.waitForURL(/\/reporting\/conversations\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: /^Call / }).waitFor();
      const play = page.getByRole('button', { name: 'Play' });
      const gone = page.getByText(/the audio of this recording is no longer kept/);
      await Promise.race([play.waitFor({ timeout: 60_000 }), gone.waitFor({ timeout: 60_000 })]);
      playable = await play.isVisible();
      if (!playable) await page.goBack();
    }
    expect(playable).toBe(true);
    await expect.poll(async () => page.getByRole('button', { name: 'Play' }).isEnabled(), { timeout: 60_000 }).toBe(true);
    // The length is known before playing (not 0:00 / 0:00).
    expect(await page.locator('.player-clock').textContent()).toMatch(/0:00 \/ 0:[1-5]\d$/);

    // Play: the audio advances.
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await expect.poll(() => audioTime(e2e)).toBeGreaterThan(0.2);

    // Seek from the third transcript line: the audio is at that line's time, and the line is the spoken one.
    // The lines' own buttons (each line also has a "Pin note" button beside it).
    const lineButtons = page.getByRole('list', { name: 'Transcript lines' }).getByRole('button').filter({ has: page.locator('.transcript-seconds') });
    const third = lineButtons.nth(2);
    const seconds = Number(((await third.locator('.transcript-seconds').textContent()) ?? '').replace(' s', ''));
    expect(seconds).toBeGreaterThan(0);
    await third.click();
    await page.getByRole('button', { name: 'Pause' }).click();
    const at = await audioTime(e2e);
    expect(at).toBeGreaterThanOrEqual(seconds - 0.05);
    expect(at).toBeLessThan(seconds + 1);
    await expect.poll(async () => third.getAttribute('aria-current')).toBe('true');

    // Space plays and pauses from the transcript; ArrowDown moves to the next line and seeks there.
    await third.focus();
    await page.keyboard.press('ArrowDown');
    const fourth = lineButtons.nth(3);
    const fourthSeconds = Number(((await fourth.locator('.transcript-seconds').textContent()) ?? '').replace(' s', ''));
    await expect.poll(() => audioTime(e2e)).toBeGreaterThanOrEqual(fourthSeconds - 0.05);
    await page.keyboard.press(' ');
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.keyboard.press(' ');
    await page.getByRole('button', { name: 'Play' }).waitFor();

    // The transcript exports under the server's name.
    const transcriptDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download transcript (text)' }).click();
    const file = await transcriptDownload;
    expect(file.suggestedFilename()).toMatch(/^conversation-[0-9a-f-]{36}-transcript-\d{4}-\d{2}-\d{2}\.txt$/);
    expect(await readFile((await file.path())!, 'utf8')).toMatch(/^\[\d+:\d{2}:\d{2}\.\d\] Bot: /);

    // The overview draws its charts; a grade bar drills down to the filtered list.
    await page.goto(url('/reporting'));
    await page.locator('.chart-plot[data-drawn] canvas').first().waitFor();
    const grades = page.getByRole('img', { name: /^Conversations by grade: 5 bars/ });
    await grades.getByText('B', { exact: true }).click();
    await page.waitForURL(/\/reporting\/conversations\?grade=B$/);
    await page.getByRole('list', { name: 'Chosen grades' }).getByText('Grade B').waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });
});
