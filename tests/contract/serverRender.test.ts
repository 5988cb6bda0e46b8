import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGE_ANSWERS_ID, type PageAnswersPayload } from '../../src/api/firstCalls';
import { readPermissions } from '../../src/api/sessionReaders';
import { firstListLookups, renderFirstScreen } from '../../src/serverRender';
import { startTestServer, type TestServer } from '../../server/testing';
import { signedInClient } from '../support/signedIn';

const ELEMENT = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ID}">([^<]*)</script>`);
const CONFIG = { apiOrigin: '', chatUrl: '' };
/** Generous: a loaded test machine builds the machines and loads the views' code slowly the first time. */
const TIMEOUT_MS = 10_000;

// docs/first-screen.md: a server draws a signed-in page's first screen from the answers it wrote
// into the page, with the portal's own machines and views, and draws nothing when they do not make
// the screen whole. The answers are the reference API's own, for a real session.
describe("a signed-in page's first screen drawn from its first answers", () => {
  let dist: string;
  let server: TestServer;
  let client: Awaited<ReturnType<typeof signedInClient>>;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-server-render-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Portal</title></head><body></body></html>');
    server = await startTestServer({ distDir: dist, firstAnswersTimeoutMs: 5_000 });
    client = await signedInClient(server.url, 'admin@example.com');
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** The answers the server wrote into this page for this session. */
  async function answersOf(page: string): Promise<PageAnswersPayload> {
    const element = ELEMENT.exec(await (await client(page)).text());
    if (!element) throw new Error(`${page} carries no answers`);
    return JSON.parse(element[1]!) as PageAnswersPayload;
  }
  const drawing = async (page: string, answers?: PageAnswersPayload, timeoutMs = TIMEOUT_MS) => renderFirstScreen({ url: server.url + page, config: CONFIG, answers: answers ?? (await answersOf(page)), timeZone: 'UTC', timeoutMs });
  const draw = async (...args: Parameters<typeof drawing>) => (await drawing(...args))?.html ?? null;

  test("a list page: the signed-in frame and the list's rows, as the portal draws them", { timeout: 30_000 }, async () => {
    const rows = ((await (await client('/api/v1/contacts/?page=1&show=25')).json()) as { data: Array<{ name: string }> }).data;
    const html = await draw('/contacts?show=25');
    expect(html).not.toBeNull();
    expect(html).toContain('<table class="resource-table" aria-label="Contacts"');
    expect(html!.match(/<tr/g)?.length).toBe(rows.length + 1); // the header row and one per record
    for (const { name } of rows) expect(html).toContain(`>${name}</a>`);
    expect(html).toContain('Showing 1–25 of');
    expect(html).toContain('<nav id="side-menu" aria-label="Sections"');
  });

  test("the user's theme colour comes with the drawing, for the frame before the portal sets it on the page", { timeout: 30_000 }, async () => {
    const viewer = await signedInClient(server.url, 'viewer@example.com');
    expect((await viewer('/api/v1/user/settings', { method: 'POST', json: { theme_color: '#ffeb3b' } })).status).toBe(200);
    const element = ELEMENT.exec(await (await viewer('/contacts?show=25')).text());
    const drawn = await renderFirstScreen({ url: `${server.url}/contacts?show=25`, config: CONFIG, answers: JSON.parse(element![1]!) as PageAnswersPayload, timeZone: 'UTC', timeoutMs: TIMEOUT_MS });
    // Yellow as chosen for the header; a darker shade for links on the light theme (format/themeContrast.ts).
    expect(drawn?.themeVars['--theme-color']).toBe('#ffeb3b');
    expect(drawn?.themeVars['--theme-accent-light']).toMatch(/^#[0-9a-f]{6}$/);
    expect(drawn?.themeVars['--theme-accent-light']).not.toBe('#ffeb3b');
  });

  test("a record page: its heading names the record", { timeout: 30_000 }, async () => {
    const record = ((await (await client('/api/v1/contacts/1')).json()) as { data: { name: string } }).data;
    expect(await draw('/contacts/1')).toMatch(new RegExp(`<h1[^>]*>${record.name}</h1>`));
  });

  test("a list whose rows name other records: the drawing holds the names its lookups found, and without those answers nothing is drawn", { timeout: 30_000 }, async () => {
    const page = '/agents?show=25';
    const answers = await answersOf(page);
    const answerOf = (prefix: string) => answers.answers.find((answer) => answer.url.startsWith(prefix))?.body;
    // What a server with the portal's bundle adds to its answers (server/http/firstAnswers.ts), made here with this session.
    const permissions = readPermissions(answerOf('/api/v1/user/permissions'));
    const lookups = firstListLookups(server.url + page, permissions, answerOf('/api/v1/agents/'), answerOf('/api/v1/accounts/') ?? null);
    // The LLM column's names (the Account column is named by the account filter's accounts: no call).
    expect(lookups).toEqual([expect.stringMatching(/^\/api\/v1\/llms\/\?filter%5Bid%5D=[\d%C]+&show=100&page=1$/)]);
    const found = await Promise.all(lookups.map(async (url) => ({ url, body: (await (await client(url)).json()) as { data: Array<{ id: number; name: string }> } })));
    const html = await draw(page, { answers: [...answers.answers, ...found] });
    expect(html).not.toBeNull();
    const llms = found[0]!.body.data;
    expect(llms.length).toBeGreaterThan(0);
    for (const llm of llms) expect(html).toContain(`<a href="/llms/${llm.id}">${llm.name}`);
    // Without them the names could not be drawn as the browser will show them: not drawn at all.
    expect(await draw(page, answers, 1_500)).toBeNull();
  });

  test("server text is drawn as text", { timeout: 30_000 }, async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const created = await client('/api/v1/contacts/', { method: 'POST', json: { name: hostile, account_id: 1 } });
    expect(created.status).toBeLessThan(300);
    const html = await draw('/contacts?show=25&search=onerror');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain(hostile);
  });

  test('nothing is drawn when the answers do not make the screen whole: the browser then draws it', { timeout: 30_000 }, async () => {
    const answers = await answersOf('/contacts?show=25');
    // Without the list's own answer the page would have to ask the network: not drawn.
    const withoutList = { answers: answers.answers.filter((answer) => !answer.url.startsWith('/api/v1/contacts/')) };
    expect(withoutList.answers.length).toBe(answers.answers.length - 1);
    expect(await draw('/contacts?show=25', withoutList, 1_000)).toBeNull();
    // Without the session's answers (a guest, an expired session): not drawn.
    expect(await draw('/contacts?show=25', { answers: answers.answers.filter((answer) => !answer.url.includes('/users/auth')) }, 1_000)).toBeNull();
    // The dashboard's parts ask for their data as they are drawn (its totals): not drawn.
    expect(await draw('/dashboard')).toBeNull();
  });
});
