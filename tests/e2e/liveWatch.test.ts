import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeEach(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await e2e?.close();
});

/** A second Acme user with the Staff role (Live-Watch read at level 1): the supervisor. */
function addSupervisor(email: string): void {
  const { db } = e2e.server.server;
  const hash = (db.prepare("SELECT password_hash FROM users WHERE email = 'admin@example.com'").get() as { password_hash: string }).password_hash;
  const account = (db.prepare("SELECT id FROM accounts WHERE name = 'Acme Support'").get() as { id: number }).id;
  const id = Number(db.prepare("INSERT INTO users (account_id, name, email, password_hash, email_verified_at) VALUES (?, 'Sue Supervisor', ?, ?, '2026-01-01T00:00:00.000Z')").run(account, email, hash).lastInsertRowid);
  const staff = (db.prepare("SELECT id FROM roles WHERE name = 'Staff'").get() as { id: number }).id;
  db.prepare('INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)').run(id, staff);
}

describe('a supervisor watches live work, tried in two browsers', () => {
  test('an operator chats; the supervisor finds the chat marked Live, watches it stream read-only, and sees it end', async () => {
    const { page: operator, url, browser } = e2e;
    addSupervisor('sue.supervisor@example.com');
    await operator.goto(url('/login'));
    await signIn(operator, 'admin@example.com');
    await operator.waitForURL('**/dashboard');
    await operator.goto(url('/chat'));
    await operator.getByRole('status').filter({ hasText: 'Chat gateway:' }).getByText('Connected', { exact: true }).waitFor();
    await operator.getByRole('button', { name: 'New chat' }).click();
    const operatorLog = operator.getByRole('log', { name: 'Transcript' });
    await operatorLog.getByText('Hello! I am the demo bot. Ask me anything.').waitFor();

    // Another browser profile: the supervisor.
    const supervisorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const supervisor = await supervisorContext.newPage();
    await supervisor.goto(url('/login'));
    await signIn(supervisor, 'sue.supervisor@example.com');
    await supervisor.waitForURL('**/dashboard');
    await supervisor.goto(url('/reporting/conversations'));
    const liveLink = supervisor.getByRole('link', { name: /^Chat inbound, live, started/ });
    await liveLink.waitFor();
    expect(await liveLink.count()).toBe(1);
    await expect.poll(() => supervisor.getByRole('row').filter({ has: liveLink }).getByText('Live', { exact: true }).count()).toBe(1);
    await liveLink.click();

    const watch = supervisor.getByRole('region', { name: 'Watching live' });
    const log = watch.getByRole('log', { name: 'Live transcript' });
    await log.getByText('Hello! I am the demo bot. Ask me anything.').waitFor();
    await watch.getByText('You see what is said as it is said; you cannot take part.').waitFor();
    // Read only: nothing to type into or send with.
    expect(await watch.getByRole('textbox').count()).toBe(0);
    expect(await watch.getByRole('button').count()).toBe(0);

    const composer = operator.getByRole('textbox', { name: 'Message to Demo bot' });
    await composer.fill('is anyone watching?');
    await composer.press('Enter');
    await log.getByText('is anyone watching?', { exact: true }).waitFor();
    await log.getByText('Demo bot here. You said: “is anyone watching?”.', { exact: false }).waitFor();

    await operator.getByRole('button', { name: 'End chat' }).click();
    await operator.getByRole('alertdialog').getByRole('button', { name: 'End chat' }).click();
    const ended = supervisor.getByRole('region', { name: 'Conversation as it happened' });
    await ended.getByRole('status').getByText('This conversation has ended.').waitFor();
    await ended.getByText('Chat ended by the operator.').waitFor();
    // The record is read again: no longer live, the stored transcript has the whole chat.
    await expect.poll(() => supervisor.locator('.conversation-header').getByText('active').count()).toBe(0);
    expect(await supervisor.locator('.live-badge').count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
    await supervisorContext.close();
  }, 90_000);
});
