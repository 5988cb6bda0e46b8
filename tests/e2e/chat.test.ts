import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeEach(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await e2e?.close();
});

const reply = (said: string) => `Demo bot here. You said: “${said}”.`;

describe('live chat console in Chromium against the reference gateway', () => {
  test('two chats at once: streamed replies, switching, end, close; then an outbound call with its 5-second loading state', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Chat', exact: true }).click();
    await page.waitForURL('**/chat');
    const status = page.getByRole('status').filter({ hasText: 'Chat gateway:' });
    await status.getByText('Connected', { exact: true }).waitFor();

    const chats = page.getByRole('listbox', { name: 'Open chats' });
    const log = page.getByRole('log', { name: 'Transcript' });

    // First chat: greeting, then a streamed reply.
    await page.getByRole('button', { name: 'New chat' }).click();
    await chats.getByRole('option', { name: /^Demo bot\b(?! \()/ }).waitFor();
    await log.getByText('Hello! I am the demo bot. Ask me anything.').waitFor();
    const first = page.getByRole('textbox', { name: 'Message to Demo bot' });
    await first.fill('first question');
    await first.press('Enter');
    await page.getByText('Bot is typing…').waitFor();
    await log.getByText(reply('first question'), { exact: false }).waitFor();
    expect(await first.inputValue()).toBe('');

    // Shift+Enter is a new line, not a send.
    await page.getByRole('button', { name: 'New chat' }).click();
    await chats.getByRole('option', { name: /^Demo bot \(2\)/ }).waitFor();
    const second = page.getByRole('textbox', { name: 'Message to Demo bot (2)' });
    await second.fill('line one');
    await second.press('Shift+Enter');
    await second.pressSequentially('line two');
    expect(await second.inputValue()).toBe('line one\nline two');
    await second.press('Enter');
    await log.getByText(reply('line one\nline two'), { exact: false }).waitFor();

    // Switching with the keyboard loses nothing (the list is most recent first: Alt+↓ goes to the older chat).
    await page.keyboard.press('Alt+ArrowDown');
    await page.getByRole('heading', { name: 'Demo bot', exact: true }).waitFor();
    await log.getByText(reply('first question'), { exact: false }).waitFor();
    expect(await log.getByText('first question', { exact: true }).count()).toBe(1);

    // End the first chat on the server, then close it.
    await page.getByRole('button', { name: 'End chat' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End chat' }).click();
    await log.getByText('Chat ended by the operator.').waitFor();
    await page.getByRole('status').filter({ hasText: 'Chat ended' }).waitFor();
    await chats.getByRole('option', { name: /^Demo bot\b(?! \().*ended/ }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Message to Demo bot' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Close chat' }).click();
    await page.getByRole('heading', { name: 'Demo bot (2)', exact: true }).waitFor();
    expect(await chats.getByRole('option').count()).toBe(1);
    await log.getByText(reply('line one\nline two'), { exact: false }).waitFor();

    // Outbound call: the number is checked and shown as SPEC §5 says; loading lasts 5 s.
    const calls = page.getByRole('complementary', { name: 'Calls' });
    if (await calls.getByLabel('Instance ID').count()) await calls.getByLabel('Instance ID').fill('1');
    const phone = calls.getByLabel('Phone number');
    await phone.focus();
    await phone.blur();
    await calls.getByText('Enter a phone number', { exact: true }).waitFor();
    await phone.fill('555123');
    await phone.blur();
    await calls.getByText('Invalid phone number').waitFor();
    await phone.fill('5551234567');
    await calls.getByText('(555) 123-4567', { exact: true }).waitFor();
    await calls.getByRole('button', { name: 'Call' }).click();
    const started = Date.now();
    const loading = calls.getByRole('status').filter({ hasText: 'Calling (555) 123-4567…' });
    await loading.waitFor();
    expect(await calls.getByRole('button', { name: 'Call' }).isDisabled()).toBe(true);
    // The progress arrives on this page's chat connection as a new chat that becomes current.
    await chats.getByRole('option', { name: /^Call to \(555\) 123-4567/ }).waitFor();
    await log.getByText('Dialing (555) 123-4567…').waitFor();
    await calls.getByText('Call placed to (555) 123-4567.', { exact: false }).waitFor({ timeout: 15000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(await loading.count()).toBe(0);
    await log.getByText('Call completed.').waitFor({ timeout: 15000 });
    // A placed call reads as a call: Hang up, not End chat.
    await page.getByRole('button', { name: 'Hang up' }).waitFor();
    await page.getByRole('button', { name: 'Close call' }).waitFor();
    const row = e2e.server.server.db.prepare("SELECT channel, direction, status, phone_number FROM conversations WHERE phone_number = '5551234567'").all();
    expect(row).toEqual([{ channel: 'voice', direction: 'outbound', status: 'completed', phone_number: '5551234567' }]);
    expect(e2e.pageErrors).toEqual([]);
  });
});
