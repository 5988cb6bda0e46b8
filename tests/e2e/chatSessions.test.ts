import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeEach(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await e2e?.close();
});

const reply = (said: string) => `Demo bot here. You said: “${said}”. My instructions: You are a friendly demo assistant.`;

async function openConsole(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('status').filter({ hasText: 'Chat gateway:' }).getByText('Connected', { exact: true }).waitFor();
  return page.getByRole('listbox', { name: 'Open chats' });
}

const activeNow = (page: Page) => page.locator('.stat').filter({ has: page.getByText('Active now', { exact: true }) }).locator('dd');
const currentKey = (page: Page) => page.locator('.chat-list-item[aria-selected="true"]').getAttribute('data-chat-key');

describe('chats kept on the server, tried as a new operator would', () => {
  test('three chats in two tabs stay in step; after both tabs close another browser of the same user has them all; they count as active conversations; one ended is reviewed', async () => {
    const { page, url, browser } = e2e;
    await page.goto(url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await activeNow(page).waitFor();
    const activeBefore = Number(await activeNow(page).textContent());

    const list = await openConsole(page, url('/chat'));
    for (const n of [1, 2, 3]) {
      await page.getByRole('button', { name: 'New chat' }).click();
      await list.getByRole('option').nth(n - 1).waitFor();
    }

    // A second tab lists the three; a message from it shows in the first tab.
    const second = await page.context().newPage();
    const secondList = await openConsole(second, url('/chat'));
    await expect.poll(() => secondList.getByRole('option').count()).toBe(3);
    const key = (await currentKey(second))!;
    const composer = second.getByRole('textbox', { name: /^Message to / });
    await composer.fill('hello from tab two');
    await composer.press('Enter');
    await page.locator(`.chat-list-item[data-chat-key="${key}"]`).click();
    const firstLog = page.getByRole('log', { name: 'Transcript' });
    await firstLog.getByText(reply('hello from tab two')).waitFor();
    expect(await firstLog.getByText('hello from tab two', { exact: true }).count()).toBe(1);

    // And one from the first tab shows in the second.
    const firstComposer = page.getByRole('textbox', { name: /^Message to / });
    await firstComposer.fill('hello from tab one');
    await firstComposer.press('Enter');
    const secondLog = second.getByRole('log', { name: 'Transcript' });
    await secondLog.getByText(reply('hello from tab one')).waitFor();
    expect(await secondLog.getByText('hello from tab one', { exact: true }).count()).toBe(1);
    expect(await firstLog.getByText('hello from tab one', { exact: true }).count()).toBe(1);

    // Closing both tabs asks nothing (nothing is lost) ...
    const dialogs: string[] = [];
    for (const tab of [page, second]) {
      tab.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.accept();
      });
      await tab.close({ runBeforeUnload: true });
    }
    expect(dialogs).toEqual([]);

    // ... and a new browser profile of the same user finds all three, with their history.
    const profile = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const fresh = await profile.newPage();
    await fresh.goto(url('/login'));
    await signIn(fresh, 'admin@example.com');
    await fresh.waitForURL('**/dashboard');
    await expect.poll(async () => Number(await activeNow(fresh).textContent())).toBe(activeBefore + 3);
    const freshList = await openConsole(fresh, url('/chat'));
    await expect.poll(() => freshList.getByRole('option').count()).toBe(3);
    await fresh.locator(`.chat-list-item[data-chat-key="${key}"]`).click();
    const log = fresh.getByRole('log', { name: 'Transcript' });
    await log.getByText(reply('hello from tab one')).waitFor();
    await log.getByText(reply('hello from tab two')).waitFor();

    // They are live chat conversations in reporting.
    await fresh.goto(url('/reporting/conversations?channel=chat&status=active'));
    // An active chat is marked live (issue 28 item 3) in the link's name as well as in its text.
    await fresh.getByRole('link', { name: /^Chat inbound, live, started / }).first().waitFor();
    const activeChats = e2e.server.server.db.prepare("SELECT COUNT(*) AS n FROM conversations WHERE channel = 'chat' AND status = 'active'").get() as { n: number };
    await fresh.getByText(`${activeChats.n} conversations`).waitFor();

    // End the chat with the messages; it is reviewed like any conversation.
    await openConsole(fresh, url('/chat'));
    await fresh.locator(`.chat-list-item[data-chat-key="${key}"]`).click();
    await fresh.getByRole('button', { name: 'End chat' }).click();
    await fresh.getByRole('alertdialog').getByRole('button', { name: 'End chat' }).click();
    await fresh.getByRole('log', { name: 'Transcript' }).getByText('Chat ended by the operator.').waitFor();
    const { uuid } = e2e.server.server.db.prepare('SELECT c.uuid FROM chat_sessions s JOIN conversations c ON c.id = s.conversation_id WHERE s.stream_key = ?').get(key) as { uuid: string };
    const { id } = e2e.server.server.db.prepare('SELECT id FROM conversations WHERE uuid = ?').get(uuid) as { id: number };
    await fresh.goto(url(`/reporting/conversations/${id}`));
    const transcript = fresh.getByRole('region', { name: 'Transcript' });
    await transcript.getByText('hello from tab two', { exact: true }).waitFor();
    await transcript.getByText(reply('hello from tab one')).waitFor();
    await transcript.getByText(/^First byte after \d+ ms$/).first().waitFor();
    expect(e2e.pageErrors).toEqual([]);
    await profile.close();
  });
});
