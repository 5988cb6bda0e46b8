import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { chatGatewayOf } from '../../server/chat/gateway';
import { contextOf } from '../../server/context';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeEach(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await e2e?.close();
});

const reply = (said: string) => `Demo bot here. You said: “${said}”. My instructions: You are a friendly demo assistant.`;
const GREETING = 'Hello! I am the demo bot. Ask me anything.';

/** The current chat's bot messages, as shown in its transcript. */
const botMessages = (page: Page) =>
  page
    .getByRole('log', { name: 'Transcript' })
    .locator('.chat-message-bot .chat-message-text')
    .allTextContents();

/** Alt+↓ until `title` is the current chat (the list reorders by activity), focus in its composer. */
async function switchTo(page: Page, title: string) {
  for (let i = 0; i < 6 && (await page.locator('#chat-panel-title').textContent()) !== title; i++) {
    const before = await page.locator('#chat-panel-title').textContent();
    await page.keyboard.press('Alt+ArrowDown');
    await page.waitForFunction((t) => document.querySelector('#chat-panel-title')?.textContent !== t, before);
  }
  expect(await page.locator('#chat-panel-title').textContent()).toBe(title);
  await page.waitForFunction(() => document.activeElement?.hasAttribute('data-chat-composer'));
}

async function seriousAxe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('three chats through a reload, by keyboard alone', () => {
  test('every chat comes back after a reload mid-stream with every character once; Alt+↑/↓ switch with drafts kept; axe finds nothing serious', async () => {
    const { page, url } = e2e;
    const gateway = chatGatewayOf(contextOf({ app: e2e.server.server.app }))!;
    page.on('dialog', (dialog) => void dialog.accept()); // "leave with live chats?" — yes, reload
    await page.goto(url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto(url('/chat'));
    await page.getByRole('status').filter({ hasText: 'Chat gateway:' }).getByText('Connected', { exact: true }).waitFor();
    const list = page.getByRole('listbox', { name: 'Open chats' });

    // Three chats; each new one takes the focus into its own composer.
    for (const n of [1, 2, 3]) {
      await page.getByRole('button', { name: 'New chat' }).focus();
      await page.keyboard.press('Enter');
      await list.getByRole('option').nth(n - 1).waitFor();
      await page.waitForFunction(() => document.activeElement?.hasAttribute('data-chat-composer'));
    }
    // Slow replies, so all three are mid-stream when the page reloads.
    gateway.options.deltaIntervalMs = 300;
    const titles = ['Demo bot', 'Demo bot (2)', 'Demo bot (3)'];
    const questions = titles.map((_, i) => `question ${i + 1}`);
    for (const [i, title] of titles.entries()) {
      await switchTo(page, title);
      await page.keyboard.type(questions[i]!);
      await page.keyboard.press('Enter');
    }
    // A draft in one chat survives switching away and back.
    await switchTo(page, 'Demo bot (2)');
    await page.keyboard.type('half a thought');
    const draftChat = 'Demo bot (2)';
    await switchTo(page, 'Demo bot');
    await switchTo(page, draftChat);
    expect(await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).value)).toBe('half a thought');
    await page.locator('.chat-message-streaming').waitFor();

    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Chat gateway:' }).getByText('Connected', { exact: true }).waitFor();
    expect(await list.getByRole('option').count()).toBe(3);
    gateway.options.deltaIntervalMs = 2;
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-chat-composer'));

    // Visit every chat from the keyboard: each has its greeting, its question and its whole reply, once.
    const seen = new Map<string, string[]>();
    for (let i = 0; i < 3; i++) {
      const title = (await page.locator('#chat-panel-title').textContent())!;
      const log = page.getByRole('log', { name: 'Transcript' });
      await page.waitForFunction(() => !document.querySelector('.chat-message-streaming'), undefined, { timeout: 15_000 });
      const userLines = await log.locator('.chat-message-user .chat-message-text').allTextContents();
      expect(userLines).toHaveLength(1);
      const bot = await botMessages(page);
      expect(bot).toEqual([GREETING, reply(userLines[0]!)]);
      // Characters counted: nothing lost, nothing twice.
      expect(bot.join('').length).toBe(GREETING.length + reply(userLines[0]!).length);
      expect(await log.getByText('interrupted', { exact: false }).count()).toBe(0);
      seen.set(title, userLines);
      await page.keyboard.press('Alt+ArrowDown');
      await page.waitForFunction((t) => document.querySelector('#chat-panel-title')?.textContent !== t, title);
    }
    expect([...seen.values()].flat().sort()).toEqual(questions);
    // The draft came back with its chat.
    await switchTo(page, draftChat);
    expect(await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).value)).toBe('half a thought');

    // The resumed chat goes on: type and send without the mouse.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('after the reload');
    await page.keyboard.press('Enter');
    await page.getByRole('log', { name: 'Transcript' }).getByText(reply('after the reload')).waitFor();

    // Shortcuts on "?" (outside a text field), then axe with three chats, wide and narrow.
    await page.keyboard.press('Escape'); // composer → chat list
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    const violations = [...(await seriousAxe(page, '1280'))];
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Chats (3)' }).click();
    await list.getByRole('option').first().waitFor();
    violations.push(...(await seriousAxe(page, '390 drawer')));
    await list.getByRole('option').nth(1).click();
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-chat-composer'));
    violations.push(...(await seriousAxe(page, '390')));
    expect(violations).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  });

  test('on a touch phone the shortcuts are not offered, "New chat" is in view without the drawer, and the chat list is a drawer', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(e2e.url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto(e2e.url('/chat'));
    await page.getByRole('status').filter({ hasText: 'Chat gateway:' }).getByText('Connected', { exact: true }).waitFor();
    expect(await page.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches)).toBe(true);
    expect(await page.getByRole('button', { name: /Keyboard shortcuts/ }).isVisible()).toBe(false);
    // "New chat" is in view without opening the drawer (issue 28 item 6); the list is in the drawer.
    await page.getByRole('button', { name: 'Chats (0)' }).waitFor();
    await page.getByRole('button', { name: 'New chat' }).tap();
    await page.getByRole('button', { name: 'Chats (1)' }).waitFor();
    const list = page.getByRole('listbox', { name: 'Open chats' });
    expect(await list.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Chats (1)' }).tap();
    await list.getByRole('option').first().waitFor();
    await context.close();
  });
});
