import { afterEach, beforeEach, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeEach(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await e2e?.close();
});

test('an outbound call from an instance’s Call tab: instance fixed, number formatted, loading state', async () => {
  const { page, url, server } = e2e;
  const instance = server.server.db.prepare('SELECT id, name FROM instances ORDER BY id LIMIT 1').get() as { id: number; name: string };
  await page.goto(url('/login'));
  await signIn(page, 'admin@example.com');
  await page.waitForURL('**/dashboard');
  await page.goto(url(`/instances/${instance.id}/call`));
  const phone = page.getByLabel('Phone number');
  await phone.fill('5551234567');
  await page.getByText('(555) 123-4567', { exact: true }).first().waitFor();
  expect(await page.getByLabel('Instance ID').count()).toBe(0);
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Calling (555) 123-4567…' }).waitFor();
  await page.getByText('Call placed to (555) 123-4567.', { exact: false }).waitFor({ timeout: 15000 });
  const row = server.server.db.prepare("SELECT instance_id, direction FROM conversations WHERE direction = 'outbound' ORDER BY id DESC LIMIT 1").get() as { instance_id: number; direction: string };
  expect(row.instance_id).toBe(instance.id);
});

test('a contact’s Call tab has its number prefilled', async () => {
  const { page, url, server } = e2e;
  const contact = server.server.db.prepare("SELECT id, phone_number FROM contacts WHERE phone_number IS NOT NULL ORDER BY id LIMIT 1").get() as { id: number; phone_number: string };
  await page.goto(url('/login'));
  await signIn(page, 'admin@example.com');
  await page.waitForURL('**/dashboard');
  await page.goto(url(`/contacts/${contact.id}/call`));
  expect(await page.getByLabel('Phone number').inputValue()).toBe(contact.phone_number);
});
