import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGE_ANSWERS_ID, type PageAnswersPayload } from '../../src/api/firstCalls';
import { startTestServer, type TestServer } from '../../server/testing';
import { signedInClient } from '../support/signedIn';

const ELEMENT = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ID}">([^<]*)</script>`);
const hostile = '</script><script>alert(1)</script>\u2028<!--';

/** The answers a page carries, by URL ({} when it carries none). */
function answersOf(html: string): Record<string, unknown> {
  const element = ELEMENT.exec(html);
  if (!element) return {};
  const payload = JSON.parse(element[1]!) as PageAnswersPayload;
  return Object.fromEntries(payload.answers.map((answer) => [answer.url, answer.body]));
}

// docs/first-answers.md: a signed-in page carries its first GETs' answers, run as that user through
// the API itself; a guest's page, a public page and a GET the user may not make carry none.
describe('a signed-in page carries its first answers', () => {
  let dist: string;
  let server: TestServer;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-answers-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Portal</title></head><body></body></html>');
    // A loaded test machine may take longer than the 300 ms a page waits for its answers by default.
    server = await startTestServer({ distDir: dist, firstAnswersTimeoutMs: 5_000 });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('a list page: the session read and the list, exactly as the API answers that user; never stored', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    const page = await admin('/contacts?show=100');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('vary')).toContain('Cookie');
    const answers = answersOf(await page.text());
    // The admin sees every account: the shell's accounts come too (machines/route.ts needAccounts).
    expect(Object.keys(answers)).toEqual(['/api/v1/users/auth', '/api/v1/user/permissions', '/api/v1/contacts/?page=1&show=100', '/api/v1/user/settings', '/api/v1/accounts/?show=100&page=1']);
    for (const [url, body] of Object.entries(answers)) expect(body, url).toEqual(await (await admin(url)).json());
    expect((answers['/api/v1/users/auth'] as { data: { email: string } }).data.email).toBe('admin@example.com');
  });

  test('a record page: the session read and the record', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    const [first] = ((await (await admin('/api/v1/contacts/?show=1')).json()) as { data: Array<{ id: number }> }).data;
    const answers = answersOf(await (await admin(`/contacts/${first!.id}`)).text());
    expect(Object.keys(answers)).toEqual(['/api/v1/users/auth', '/api/v1/user/permissions', `/api/v1/contacts/${first!.id}`, '/api/v1/user/settings', '/api/v1/accounts/?show=100&page=1']);
    expect(answers[`/api/v1/contacts/${first!.id}`]).toEqual(await (await admin(`/api/v1/contacts/${first!.id}`)).json());
  });

  test('each page carries its own session’s answers only: another user’s page, that user’s', async () => {
    const viewer = await signedInClient(server.url, 'viewer@example.com');
    const answers = answersOf(await (await viewer('/contacts')).text());
    expect((answers['/api/v1/users/auth'] as { data: { email: string } }).data.email).toBe('viewer@example.com');
    expect(answers['/api/v1/contacts/?page=1']).toEqual(await (await viewer('/api/v1/contacts/?page=1')).json());
    // One account's user: the portal asks for no accounts list, the page carries none.
    expect(Object.keys(answers)).toEqual(['/api/v1/users/auth', '/api/v1/user/permissions', '/api/v1/contacts/?page=1', '/api/v1/user/settings']);
    // The user's own settings (the time zone every time on the page is shown in), as the API answers them.
    expect(answers['/api/v1/user/settings']).toEqual(await (await viewer('/api/v1/user/settings')).json());
  });

  test('a guest’s page, a public page, a page with a session that is no longer valid: nothing, and cached as before', async () => {
    for (const pagePath of ['/contacts?show=100', '/login', '/']) {
      const page = await fetch(`${server.url}${pagePath}`);
      expect(page.headers.get('cache-control'), pagePath).toBe('no-cache');
      expect(await page.text(), pagePath).not.toContain(PAGE_ANSWERS_ID);
    }
    const stale = await fetch(`${server.url}/contacts`, { headers: { Cookie: 'portal_session=not-a-session' } });
    expect(await stale.text()).not.toContain(PAGE_ANSWERS_ID);
    const admin = await signedInClient(server.url, 'admin@example.com');
    for (const pagePath of ['/login', '/register', '/vendors/contacts/instructions', '/nope', '/contacts/new']) {
      const page = await admin(pagePath);
      expect(await page.text(), pagePath).not.toContain(PAGE_ANSWERS_ID);
      expect(page.headers.get('cache-control'), pagePath).toBe('no-cache');
    }
  });

  test('a list or record the user may not browse or read is left out: the session read alone', async () => {
    const { db } = server.server;
    const [contact] = ((await (await (await signedInClient(server.url, 'admin@example.com'))('/api/v1/contacts/?show=1')).json()) as { data: Array<{ id: number }> }).data;
    // The seeded Bots Manager may use Bots only (server/db/seed.ts).
    const manager = await signedInClient(server.url, 'bots@example.com');
    expect((await manager('/api/v1/contacts/')).status).toBe(403);
    expect(Object.keys(answersOf(await (await manager('/contacts')).text()))).toEqual(['/api/v1/users/auth', '/api/v1/user/permissions', '/api/v1/user/settings']);
    expect(Object.keys(answersOf(await (await manager(`/contacts/${contact!.id}`)).text()))).toEqual(['/api/v1/users/auth', '/api/v1/user/permissions', '/api/v1/user/settings']);
    // And a role that loses the permission loses the answer with it.
    const role = db.prepare("SELECT id FROM roles WHERE name = 'Bots Manager'").get() as { id: number };
    expect(Object.keys(answersOf(await (await manager('/bots')).text()))).toContain('/api/v1/bots/?page=1');
    db.prepare("DELETE FROM role_permissions WHERE role_id = ? AND model = 'Bots'").run(role.id);
    expect(Object.keys(answersOf(await (await manager('/bots')).text()))).toEqual(['/api/v1/users/auth', '/api/v1/user/permissions', '/api/v1/user/settings']);
  });

  test('answers not in within the bound are left out: the page is served without them', async () => {
    const hurried = await startTestServer({ distDir: dist, firstAnswersTimeoutMs: 0 });
    try {
      const admin = await signedInClient(hurried.url, 'admin@example.com');
      const page = await admin('/contacts');
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('</html>');
      expect(answersOf(html)).toEqual({});
    } finally {
      await hurried.close();
    }
  });

  test('server text in an answer can neither close its element nor start markup', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    const created = await admin('/api/v1/contacts/', { method: 'POST', json: { name: hostile } });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number } };
    const html = await (await admin(`/contacts/${data.id}`)).text();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('\u2028');
    expect((answersOf(html)[`/api/v1/contacts/${data.id}`] as { data: { name: string } }).data.name).toBe(hostile);
  });
});
