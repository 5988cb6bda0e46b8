import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { ACME, allPages, call, expectListEnvelope, GLOBEX, INITECH, signIn, type Client, type Json } from './resources-client';

let server: TestServer;
let admin: Client;
let viewer: Client;
beforeAll(async () => {
  server = await startTestServer();
  [admin, viewer] = await Promise.all([signIn(server, 'admin@example.com'), signIn(server, 'viewer@example.com')]);
});
afterAll(async () => {
  await server.close();
});

const first = async (client: Client, path: string): Promise<Json> => (await call(client, path)).body.data[0] as Json;

/** A multipart POST as a browser's FormData sends it. */
async function upload(client: Client, path: string, fields: Record<string, string>, file?: { name: string; content: string }): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.content], { type: 'application/json' }), file.name);
  const headers: Record<string, string> = { Accept: 'application/json', Cookie: client.jar.header() };
  const xsrf = client.jar.decoded('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const response = await fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as Json };
}

describe('instance phone numbers', () => {
  test('countries, then numbers of a country with search, filters and pagination', async () => {
    const countries = await call(admin, '/instances/phonenumbers/countries');
    expect(countries.status).toBe(200);
    expect(countries.body.data).toEqual([
      { code: 'US', name: 'United States', dial_code: '1' },
      { code: 'GB', name: 'United Kingdom', dial_code: '44' },
      { code: 'CA', name: 'Canada', dial_code: '1' },
    ]);

    for (const country of ['US', 'GB', 'CA']) {
      const page = await call(admin, `/instances/phonenumbers/${country}`);
      expectListEnvelope(page.body);
      expect(page.body.meta.total).toBeGreaterThanOrEqual(40);
      expect(page.body.meta.last_page).toBeGreaterThanOrEqual(3);
      expect(Object.keys(page.body.data[0]).sort()).toEqual(['locality', 'monthly_cost', 'phone_number', 'region']);
    }
    const us = await allPages(admin, '/instances/phonenumbers/us?show=25');
    expect(us.rows.length).toBe(us.total);
    for (const row of us.rows) expect(row.phone_number).toMatch(/^1\d{10}$/);

    const sf = await call(admin, '/instances/phonenumbers/US?filter[area_code]=415&show=100');
    expect(sf.body.data.length).toBeGreaterThan(0);
    for (const row of sf.body.data) expect(row).toMatchObject({ phone_number: expect.stringMatching(/^1415/), locality: 'San Francisco', region: 'CA' });
    const scotland = await call(admin, '/instances/phonenumbers/GB?filter[region]=Scotland');
    for (const row of scotland.body.data) expect(row.locality).toBe('Glasgow');
    const searched = await call(admin, '/instances/phonenumbers/CA?search=Toronto&sort=-phone_number');
    expect(searched.body.data.length).toBeGreaterThan(0);
    for (const row of searched.body.data) expect(row.locality).toBe('Toronto');
    const contains = await call(admin, '/instances/phonenumbers/US?filter[contains]=5550104');
    for (const row of contains.body.data) expect(row.phone_number).toContain('5550104');

    expect((await call(admin, '/instances/phonenumbers/ZZ')).status).toBe(404);
    expect((await call(viewer, '/instances/phonenumbers/US')).status).toBe(200);
  });

  test('purchase sets the instance’s number and takes it off the list; twice is a 422', async () => {
    const instance = await first(admin, `/instances/?account_id=${ACME}&search=backup`);
    const offer = await first(admin, '/instances/phonenumbers/GB?filter[locality]=London');
    const bought = await call(admin, `/instances/${instance.id}/${offer.phone_number}`, { method: 'POST', json: {} });
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({ id: instance.id, phone_number: offer.phone_number, name: instance.name });
    const stillListed = await call(admin, `/instances/phonenumbers/GB?search=${offer.phone_number}`);
    expect(stillListed.body.data).toEqual([]);
    expect((await call(admin, `/instances/${instance.id}`)).body.data.phone_number).toBe(offer.phone_number);

    const again = await call(admin, `/instances/${instance.id}/${offer.phone_number}`, { method: 'POST' });
    expect(again.status).toBe(422);
    expect(again.body.errors.phone_number).toEqual(['The selected phone number is not available.']);
  });

  test('purchase needs Instances.edit and an instance in scope', async () => {
    const offer = await first(admin, '/instances/phonenumbers/CA');
    const own = await first(viewer, '/instances/');
    expect((await call(viewer, `/instances/${own.id}/${offer.phone_number}`, { method: 'POST' })).status).toBe(403);
    const staffless = await signIn(server, 'bots@example.com');
    expect((await call(staffless, '/instances/phonenumbers/countries')).status).toBe(403);
    expect((await call(admin, `/instances/999999/${offer.phone_number}`, { method: 'POST' })).status).toBe(404);
    // The offer is still there: nothing was bought.
    expect((await call(admin, `/instances/phonenumbers/CA?search=${offer.phone_number}`)).body.data).toHaveLength(1);
  });
});

describe('agents: duplicate', () => {
  test('POST /agents/{id}/duplicate copies LLM, instructions and tools under a new name', async () => {
    const agent = (await allPages(admin, `/agents/?account_id=${ACME}&show=100`)).rows.find((a) => a.tools.length > 0) as Json;
    const copy = await call(admin, `/agents/${agent.id}/duplicate`, { method: 'POST', json: {} });
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      name: `${agent.name} (copy)`, llm_id: agent.llm_id, agent_instruction_id: agent.agent_instruction_id, tools: agent.tools, account_id: ACME,
    });
    expect(copy.body.data.id).not.toBe(agent.id);
    expect((await call(viewer, `/agents/${agent.id}/duplicate`, { method: 'POST' })).status).toBe(403);
    const globexAgent = await first(viewer, '/agents/');
    expect((await call(viewer, `/agents/${globexAgent.id}/duplicate`, { method: 'POST' })).status).toBe(403);
  });
});

describe('bots: duplicate, export, import', () => {
  test('duplicate keeps the agents in order and leaves the instance free', async () => {
    const bot = (await allPages(admin, `/bots/?account_id=${ACME}&show=100`)).rows.find((b) => b.instance_id !== null && b.agents.length > 1) as Json;
    const copy = await call(admin, `/bots/${bot.id}/duplicate`, { method: 'POST' });
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ name: `${bot.name} (copy)`, agents: bot.agents, instance_id: null, greeting: bot.greeting });
  });

  test('export downloads a named JSON file; importing it (multipart) rebuilds the bot', async () => {
    const bot = (await call(admin, `/bots/?account_id=${ACME}&search=Demo%20Bot`)).body.data[0] as Json;
    const response = await admin(`/api/v1/bots/${bot.id}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="bot-${bot.id}-demo-bot.json"`);
    const text = await response.text();
    const file = JSON.parse(text) as Json;
    expect(file).toMatchObject({ format: 'agent-portal.bot', version: 1, bot: { name: 'Demo Bot', greeting: bot.greeting } });
    expect(file.agents).toHaveLength(bot.agents.length);
    expect(file.agents[0]).toMatchObject({
      name: 'Demo agent', instructions: { name: expect.any(String), instructions: expect.any(String) },
      llm: { provider: 'openai-compatible', base_url: null }, tools: expect.any(Array),
    });

    const imported = await upload(admin, '/bots/', {}, { name: 'demo.json', content: text });
    expect(imported.status).toBe(201);
    const copy = imported.body.data as Json;
    expect(copy).toMatchObject({ name: 'Demo Bot', greeting: bot.greeting, account_id: ACME, instance_id: null });
    expect(copy.id).not.toBe(bot.id);
    expect(copy.agents).toHaveLength(bot.agents.length);
    expect(copy.agents).not.toEqual(bot.agents);
    // Identical instructions, LLM and tools were reused, not copied.
    const original = (await call(admin, `/agents/${bot.agents[0]}`)).body.data as Json;
    const rebuilt = (await call(admin, `/agents/${copy.agents[0]}`)).body.data as Json;
    expect(rebuilt).toMatchObject({ name: original.name, llm_id: original.llm_id, agent_instruction_id: original.agent_instruction_id, tools: original.tools });

    // Export of the import is the same file.
    const roundTrip = await admin(`/api/v1/bots/${copy.id}/export`);
    expect(JSON.parse(await roundTrip.text())).toEqual(file);
  });

  test('import as JSON {import} goes to the level-9 user’s chosen account and creates what it lacks', async () => {
    const bot = await first(admin, `/bots/?account_id=${ACME}&sort=-id`);
    const file = JSON.parse(await (await admin(`/api/v1/bots/${bot.id}/export`)).text()) as Json;
    const llmsBefore = (await call(admin, `/llms/?account_id=${INITECH}`)).body.meta.total as number;
    file.agents[0].llm = { name: 'Imported model', provider: 'anthropic', model: 'claude-test', base_url: null, temperature: 0.1, max_tokens: 100 };
    const imported = await call(admin, '/bots/', { method: 'POST', json: { import: file, account_id: INITECH } });
    expect(imported.status).toBe(201);
    expect(imported.body.data.account_id).toBe(INITECH);
    expect((await call(admin, `/llms/?account_id=${INITECH}`)).body.meta.total).toBe(llmsBefore + 1);
    const agent = (await call(admin, `/agents/${imported.body.data.agents[0]}`)).body.data as Json;
    expect(agent.account_id).toBe(INITECH);
    expect((await call(admin, `/llms/${agent.llm_id}`)).body.data).toMatchObject({ name: 'Imported model', account_id: INITECH });

    // The export object as the body itself, and the file's text in {import}, work too.
    expect((await call(admin, '/bots/', { method: 'POST', json: file })).status).toBe(201);
    expect((await call(admin, '/bots/', { method: 'POST', json: { import: JSON.stringify(file) } })).status).toBe(201);
  });

  test('the bots manager (level 1, Bots only) imports into their own account', async () => {
    const bots = await signIn(server, 'bots@example.com');
    const own = await first(bots, '/bots/');
    expect(own.account_id).toBe(INITECH);
    const text = await (await bots(`/api/v1/bots/${own.id}/export`)).text();
    const imported = await upload(bots, '/bots/', { account_id: String(ACME) }, { name: 'bot.json', content: text });
    expect(imported.status).toBe(201);
    expect(imported.body.data.account_id).toBe(INITECH);
    expect((await bots(`/api/v1/bots/${(await first(admin, `/bots/?account_id=${ACME}`)).id}/export`)).status).toBe(404);
  });

  test.each([
    ['no file', undefined, 'The file field is required.'],
    ['an empty file', '', 'The file is empty.'],
    ['not JSON', 'this is not json', 'The file is not valid JSON.'],
    ['another format', '{"format":"something.else"}', 'The file is not a bot export (format must be "agent-portal.bot").'],
    ['a newer version', '{"format":"agent-portal.bot","version":2}', 'Unsupported bot export version: 2.'],
    ['a bot without a name', '{"format":"agent-portal.bot","version":1,"bot":{},"agents":[]}', 'The file is not a valid bot export: The bot.name field is required.'],
    ['a tool of an unknown kind', '{"format":"agent-portal.bot","version":1,"bot":{"name":"B"},"agents":[{"name":"A","tools":[{"name":"T","kind":"laser"}]}]}', 'The file is not a valid bot export: The selected agents.0.tools.0.kind is invalid.'],
  ])('a bad file (%s) is a 422 with the reason in errors.file', async (_label, content, reason) => {
    const before = (await call(admin, '/bots/')).body.meta.total as number;
    const response = await upload(admin, '/bots/', {}, content === undefined ? undefined : { name: 'bad.json', content });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: reason, errors: { file: [reason] } });
    expect((await call(admin, '/bots/')).body.meta.total).toBe(before);
  });

  test('the viewer may export but not import or duplicate', async () => {
    const bot = await first(viewer, '/bots/');
    expect((await viewer(`/api/v1/bots/${bot.id}/export`)).status).toBe(200);
    const text = await (await viewer(`/api/v1/bots/${bot.id}/export`)).text();
    expect((await upload(viewer, '/bots/', {}, { name: 'bot.json', content: text })).status).toBe(403);
    expect((await call(viewer, `/bots/${bot.id}/duplicate`, { method: 'POST' })).status).toBe(403);
  });
});

describe('CSV exports', () => {
  const today = new Date().toISOString().slice(0, 10);

  test('feedback: the filtered rows as a CSV attachment named feedback-YYYY-MM-DD.csv', async () => {
    const response = await admin(`/api/v1/feedback/?export=csv&account_id=${ACME}&filter[rating]=5`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="feedback-${today}.csv"`);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,account_id,conversation_uuid,rating,comment,status,created_at,updated_at');
    const expected = (await call(admin, `/feedback/?account_id=${ACME}&filter[rating]=5`)).body.meta.total as number;
    expect(lines).toHaveLength(expected + 1);
    for (const line of lines.slice(1)) expect(line).toMatch(new RegExp(`^\\d+,${ACME},[^,]*,5,`));
  });

  test('contacts: every page, quoted cells, the viewer’s own account only', async () => {
    await call(viewer, '/contacts/');
    const response = await viewer('/api/v1/contacts/?export=csv');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="contacts-${today}.csv"`);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,account_id,name,phone_number,email,notes,created_at,updated_at');
    expect(lines.length - 1).toBe((await call(viewer, '/contacts/')).body.meta.total);
    for (const line of lines.slice(1)) expect(line.split(',')[1]).toBe(String(GLOBEX));

    const tricky = await call(admin, '/contacts/', { method: 'POST', json: { name: '=HYPERLINK("x"), "quoted"', notes: 'line one\nline two' } });
    const csv = await (await admin(`/api/v1/contacts/?export=csv&filter[id]=${tricky.body.data.id}`)).text();
    expect(csv).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(csv).toContain('"line one\nline two"');
  });

  test('an unknown export format is a 422; exports need browse', async () => {
    expect((await call(admin, '/feedback/?export=xlsx')).status).toBe(422);
    const bots = await signIn(server, 'bots@example.com');
    expect((await bots('/api/v1/feedback/?export=csv')).status).toBe(403);
  });
});

describe('users: roles, e-mails and the last administrator', () => {
  test('GET /users/{id}/roles and PATCH it with {roles}', async () => {
    const created = await call(admin, '/users/', {
      method: 'POST', json: { name: 'Role Target', email: 'role.target@example.com', password: 'secret-pass-1', password_confirmation: 'secret-pass-1' },
    });
    const id = created.body.data.id as number;
    expect((await call(admin, `/users/${id}/roles`)).body).toEqual({ data: [] });

    const assignable = await call(admin, `/user/roles?account_id=${ACME}`);
    expect(Object.keys(assignable.body)).toEqual(['data']);
    const supervisor = assignable.body.data.find((r: Json) => r.name === 'Supervisor') as Json;
    const staff = assignable.body.data.find((r: Json) => r.name === 'Staff') as Json;
    const patched = await call(admin, `/users/${id}/roles`, { method: 'PATCH', json: { roles: [supervisor.id, staff.id] } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual([{ id: staff.id, name: 'Staff' }, { id: supervisor.id, name: 'Supervisor' }]);
    expect((await call(admin, `/users/${id}`)).body.data.roles).toEqual(patched.body.data);

    const foreignRole = await first(admin, `/roles/?account_id=${GLOBEX}`);
    const wrong = await call(admin, `/users/${id}/roles`, { method: 'PATCH', json: { roles: [supervisor.id, foreignRole.id] } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ 'roles.1': ['The selected roles.1 is invalid.'] });
    expect((await call(admin, `/users/${id}/roles`, { method: 'PATCH', json: {} })).body.errors.roles).toEqual(['The roles field is required.']);

    expect((await call(admin, `/users/${id}/roles`, { method: 'PATCH', json: { roles: [] } })).body.data).toEqual([]);
    expect((await call(viewer, `/users/${id}/roles`)).status).toBe(404);
  });

  test('GET /user/roles offers only roles granting no more than the caller has', async () => {
    const viewerRoles = await call(viewer, '/user/roles');
    const names = viewerRoles.body.data.map((r: Json) => r.name);
    // The viewer reads everything in Globex but watches no live work: read-only roles without
    // Live-Watch fit; Supervisor (which reads every model, Live-Watch included) and writing roles do not.
    expect(names).toContain('Viewer');
    expect(names).toContain('Analyst');
    expect(names).not.toContain('Supervisor');
    expect(names).not.toContain('Bot Builder');
    for (const role of viewerRoles.body.data) expect(role.account_id).toBe(GLOBEX);
    // Not paginated: an administrator is offered every role of every account at once.
    const all = await call(admin, '/user/roles');
    expect(all.body.data).toHaveLength((await call(admin, '/roles/')).body.meta.total);
    expect(all.body.data.length).toBeGreaterThan(15);
  });

  test('password-reset and verification e-mails answer {message} and really go out (outbox)', async () => {
    const viewerUser = await first(admin, `/users/?account_id=${GLOBEX}`);
    const reset = await call(admin, `/users/${viewerUser.id}/password-reset-email`);
    expect(reset).toEqual({ status: 200, body: { message: `A password reset link has been sent to ${viewerUser.email}.` } });
    const verified = await call(admin, `/users/${viewerUser.id}/resend-email-verification`);
    expect(verified.body).toEqual({ message: 'This email address is already verified.' });
    const unverified = (await call(admin, '/users/?search=unverified')).body.data[0] as Json;
    const resent = await call(admin, `/users/${unverified.id}/resend-email-verification`);
    expect(resent.body).toEqual({ message: `A new verification link has been sent to ${unverified.email}.` });
    expect((await call(viewer, `/users/${viewerUser.id}/password-reset-email`)).status).toBe(403);
    const outbox = server.server.outbox();
    const to = (email: unknown) => outbox.filter((m) => m.to === email).map((m) => `${m.subject} ${m.text ?? ''}`);
    expect(to(viewerUser.email).join(' ')).toMatch(/reset-password\?token=/);
    expect(to(unverified.email).join(' ')).toMatch(/email-verification-confirmation\?url=/);
  });

  test('nobody deletes themselves or the last administrator; isAdmin needs Global access', async () => {
    const me = (await call(admin, '/users/auth')).body.data as Json;
    const self = await call(admin, `/users/${me.id}`, { method: 'DELETE' });
    expect(self.status).toBe(422);
    expect(self.body).toEqual({ message: 'You cannot delete your own user.', errors: { id: ['You cannot delete your own user.'] } });
    const demote = await call(admin, `/users/${me.id}`, { method: 'PATCH', json: { isAdmin: false } });
    expect(demote.status).toBe(422);
    expect(demote.body.errors.isAdmin).toEqual(['There must be at least one administrator.']);

    // With a second administrator, either may demote the other, and a demoted one can no
    // longer touch an administrator.
    const second = await call(admin, '/users/', {
      method: 'POST',
      json: { name: 'Second Admin', email: 'second.admin@example.com', password: 'secret-pass-1', password_confirmation: 'secret-pass-1', isAdmin: true },
    });
    expect(second.body.data.isAdmin).toBe(true);
    server.server.db.prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").run(second.body.data.id);
    const administrator = await first(admin, '/roles/?search=Administrator');
    await call(admin, `/users/${second.body.data.id}/roles`, { method: 'PATCH', json: { roles: [administrator.id] } });
    const other = await signInAs('second.admin@example.com', 'secret-pass-1');
    expect((await call(other, `/users/${me.id}`, { method: 'PATCH', json: { isAdmin: false } })).body.data.isAdmin).toBe(false);
    expect((await call(admin, `/users/${second.body.data.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(admin, `/users/${me.id}`, { method: 'PATCH', json: { isAdmin: true } })).status).toBe(403);
    expect((await call(other, `/users/${me.id}`, { method: 'PATCH', json: { isAdmin: true } })).body.data.isAdmin).toBe(true);
    expect((await call(admin, `/users/${second.body.data.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  test('a caller without Global access cannot raise anyone to administrator or touch one', async () => {
    const staff = await call(admin, '/users/', {
      method: 'POST', json: { name: 'Staff Person', email: 'staff.person@example.com', password: 'secret-pass-1', password_confirmation: 'secret-pass-1' },
    });
    const staffRole = await first(admin, `/roles/?account_id=${ACME}&search=Staff`);
    await call(admin, `/users/${staff.body.data.id}/roles`, { method: 'PATCH', json: { roles: [staffRole.id] } });
    server.server.db.prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").run(staff.body.data.id);
    const client = await signInAs('staff.person@example.com', 'secret-pass-1');

    const raise = await call(client, '/users/', {
      method: 'POST', json: { name: 'Sneaky', email: 'sneaky@example.com', password: 'secret-pass-1', password_confirmation: 'secret-pass-1', isAdmin: true },
    });
    expect(raise.status).toBe(403);
    const admins = (await call(client, '/users/?filter[is_admin]=1')).body.data as Json[];
    expect(admins.length).toBeGreaterThan(0);
    for (const target of admins) {
      expect((await call(client, `/users/${target.id}`, { method: 'PATCH', json: { name: 'Hacked' } })).status).toBe(403);
      expect((await call(client, `/users/${target.id}/roles`, { method: 'PATCH', json: { roles: [] } })).status).toBe(403);
    }
    const offered = (await call(client, '/user/roles')).body.data.map((r: Json) => r.name);
    expect(offered).not.toContain('Administrator');
    const administrator = await first(admin, '/roles/?search=Administrator');
    const self = await call(client, `/users/${staff.body.data.id}/roles`, { method: 'PATCH', json: { roles: [administrator.id] } });
    expect(self.status).toBe(422);
  });
});

async function signInAs(email: string, password: string): Promise<Client> {
  const { jarFetch } = await import('../support/cookieJar');
  const client = jarFetch(server.url);
  await client('/sanctum/csrf-cookie');
  const response = await client('/login', { method: 'POST', json: { email, password } });
  expect(response.status).toBe(200);
  return client;
}
