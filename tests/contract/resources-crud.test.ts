import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { ACME, allPages, call, expectListEnvelope, GLOBEX, INITECH, signIn, type Client, type Json } from './resources-client';

/**
 * One table row per standard resource of SPEC §2: the same round trip, validation, permission
 * and scoping checks run over each (docs/resources-contract.md gives the fields).
 */
interface ResourceCase {
  path: string;
  /** The field the search matches and the created record is named by. */
  nameField: string;
  create: Json;
  /** What the created record shows where it differs from `create` (normalised values). */
  expected?: Json;
  patch: Json;
  /** Write-only fields never echoed back. */
  secret?: string[];
  /** A body missing a required field, and the message for it. */
  required: { field: string; message: string };
  /** A body with a wrong value (an enum, a range), and the message for it. */
  invalid: { body: Json; field: string; message: string };
  /** `filter[key]=value` and the record field it filters on. */
  filter?: { key: string; value: string; field: string; expect: unknown };
  /** A sortable field and how its values compare. */
  sort: { field: string; numeric?: boolean };
  /** GET and PATCH answer the record itself (workflows, SPEC §7). */
  bare?: boolean;
  /** Rows belong to an account (false for accounts themselves). */
  owned: boolean;
}

const CASES: ResourceCase[] = [
  {
    path: 'users', nameField: 'name', owned: true,
    create: { name: 'Probe User', email: 'probe.user@example.com', password: 'secret-pass-1', password_confirmation: 'secret-pass-1', theme_color: '#123abc' },
    expected: { isAdmin: false, email_verified_at: null, roles: [] },
    secret: ['password', 'password_confirmation', 'password_hash'],
    patch: { name: 'Probe User Renamed', theme_color: '' },
    required: { field: 'email', message: 'The email field is required.' },
    invalid: { body: { name: 'X', email: 'x@example.com', password: 'secret-pass-1', password_confirmation: 'different-1' }, field: 'password', message: 'The password field confirmation does not match.' },
    filter: { key: 'is_admin', value: '0', field: 'isAdmin', expect: false },
    sort: { field: 'email' },
  },
  {
    path: 'accounts', nameField: 'name', owned: false,
    create: { name: 'Probe Account', description: 'Made by the contract tests.' },
    patch: { description: 'Changed by the contract tests.' },
    required: { field: 'name', message: 'The name field is required.' },
    invalid: { body: { name: 'x'.repeat(300) }, field: 'name', message: 'The name field must not be greater than 255 characters.' },
    filter: { key: 'name', value: 'Probe Account', field: 'name', expect: 'Probe Account' },
    sort: { field: 'name' },
  },
  {
    path: 'roles', nameField: 'name', owned: true,
    create: { name: 'Probe Role', description: 'Made by the contract tests.' },
    expected: { dispositions: [], scorecards: [] },
    patch: { name: 'Probe Role Renamed' },
    required: { field: 'name', message: 'The name field is required.' },
    invalid: { body: { name: '' }, field: 'name', message: 'The name field is required.' },
    sort: { field: 'name' },
  },
  {
    path: 'instances', nameField: 'name', owned: true,
    create: { name: 'Probe Instance', phone_number: '+1 (415) 555-0199', status: 'paused' },
    expected: { phone_number: '14155550199', bot_id: null, dispositions: [], scorecards: [] },
    patch: { status: 'active', phone_number: '' },
    required: { field: 'name', message: 'The name field is required.' },
    invalid: { body: { name: 'X', status: 'broken' }, field: 'status', message: 'The selected status is invalid.' },
    filter: { key: 'status', value: 'paused', field: 'status', expect: 'paused' },
    sort: { field: 'name' },
  },
  {
    path: 'actions', nameField: 'name', owned: true,
    create: { name: 'Probe Action', description: 'Posts somewhere.', kind: 'webhook', config: { url: 'https://example.com/hook', method: 'POST' } },
    patch: { kind: 'email', config: { to: 'team@example.com' } },
    required: { field: 'kind', message: 'The kind field is required.' },
    invalid: { body: { name: 'X', kind: 'fax' }, field: 'kind', message: 'The selected kind is invalid.' },
    filter: { key: 'kind', value: 'webhook', field: 'kind', expect: 'webhook' },
    sort: { field: 'name' },
  },
  {
    path: 'contacts', nameField: 'name', owned: true,
    create: { name: 'Probe Contact', phone_number: '12125550199', email: 'probe.contact@example.com', notes: 'Call after 5.' },
    patch: { notes: '', email: 'probe.contact2@example.com' },
    required: { field: 'name', message: 'The name field is required.' },
    invalid: { body: { name: 'X', email: 'not-an-address' }, field: 'email', message: 'The email field must be a valid email address.' },
    sort: { field: 'name' },
  },
  {
    path: 'feedback', nameField: 'comment', owned: true,
    create: { rating: 2, comment: 'Probe feedback: the hold music was loud.', status: 'new' },
    expected: { conversation_uuid: null },
    patch: { status: 'resolved' },
    required: { field: 'rating', message: 'The rating field is required.' },
    invalid: { body: { rating: 9 }, field: 'rating', message: 'The rating field must not be greater than 5.' },
    filter: { key: 'rating', value: '2', field: 'rating', expect: 2 },
    sort: { field: 'rating', numeric: true },
  },
  {
    path: 'agents', nameField: 'name', owned: true,
    create: { name: 'Probe Agent', description: 'Answers probes.' },
    expected: { llm_id: null, agent_instruction_id: null, tools: [] },
    patch: { description: 'Answers probes politely.' },
    required: { field: 'name', message: 'The name field is required.' },
    invalid: { body: { name: 'X', llm_id: 999999 }, field: 'llm_id', message: 'The selected llm id is invalid.' },
    sort: { field: 'name' },
  },
  {
    path: 'agent-instructions', nameField: 'name', owned: true,
    create: { name: 'Probe Instructions', instructions: 'Be brief and kind.' },
    patch: { instructions: 'Be very brief.' },
    required: { field: 'instructions', message: 'The instructions field is required.' },
    invalid: { body: { name: 'X', instructions: '   ' }, field: 'instructions', message: 'The instructions field is required.' },
    sort: { field: 'name' },
  },
  {
    path: 'tools', nameField: 'name', owned: true,
    create: { name: 'Probe Tool', description: 'Fetches a probe.', kind: 'http', parameters: { method: 'GET', url: 'https://example.com' } },
    patch: { kind: 'function', parameters: { name: 'probe' } },
    required: { field: 'kind', message: 'The kind field is required.' },
    invalid: { body: { name: 'X', kind: 'laser' }, field: 'kind', message: 'The selected kind is invalid.' },
    filter: { key: 'kind', value: 'http', field: 'kind', expect: 'http' },
    sort: { field: 'name' },
  },
  {
    path: 'llms', nameField: 'name', owned: true,
    create: { name: 'Probe LLM', provider: 'openai-compatible', model: 'probe-model', base_url: 'https://models.example.com/v1', temperature: 0.2, max_tokens: 256 },
    patch: { temperature: 1.5, base_url: '' },
    required: { field: 'model', message: 'The model field is required.' },
    invalid: { body: { name: 'X', provider: 'openai', model: 'm', temperature: 3 }, field: 'temperature', message: 'The temperature field must not be greater than 2.' },
    filter: { key: 'provider', value: 'openai-compatible', field: 'provider', expect: 'openai-compatible' },
    sort: { field: 'name' },
  },
  {
    path: 'bots', nameField: 'name', owned: true,
    create: { name: 'Probe Bot', description: 'A bot for probes.', greeting: 'Hello, probe!' },
    expected: { instance_id: null, agents: [] },
    patch: { greeting: 'Hi again, probe!' },
    required: { field: 'name', message: 'The name field is required.' },
    invalid: { body: { name: 'X', instance_id: 'abc' }, field: 'instance_id', message: 'The instance id field must be a number.' },
    sort: { field: 'name' },
  },
  {
    path: 'dispositions', nameField: 'label', owned: true,
    create: { label: 'Probe Disposition', description: 'The probe was handled.' },
    patch: { description: 'Handled twice.' },
    required: { field: 'label', message: 'The label field is required.' },
    invalid: { body: { label: 'x'.repeat(256) }, field: 'label', message: 'The label field must not be greater than 255 characters.' },
    sort: { field: 'label' },
  },
  {
    path: 'scorecards', nameField: 'name', owned: true,
    create: { name: 'Probe Scorecard', description: 'Grades probes.', criteria: [{ label: 'Greeting', weight: 40 }, { label: 'Resolution', weight: 60 }] },
    patch: { criteria: [{ label: 'Everything', weight: 100 }] },
    required: { field: 'name', message: 'The name field is required.' },
    invalid: { body: { name: 'X', criteria: [{ label: '', weight: 10 }] }, field: 'criteria.0.label', message: 'The criteria.0.label field is required.' },
    sort: { field: 'name' },
  },
  {
    path: 'workflows', nameField: 'name', owned: true, bare: true,
    create: { name: 'Probe Workflow', description: 'Runs probes.', trigger: 'chat', steps: [{ name: 'Greet', action_id: null }] },
    expected: { dispositions: [], contacts: [] },
    patch: { trigger: 'schedule', steps: [] },
    required: { field: 'trigger', message: 'The trigger field is required.' },
    invalid: { body: { name: 'X', trigger: 'fax' }, field: 'trigger', message: 'The selected trigger is invalid.' },
    filter: { key: 'trigger', value: 'chat', field: 'trigger', expect: 'chat' },
    sort: { field: 'name' },
  },
];

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

const omit = (object: Json, keys: string[]): Json => Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));

/** A single record's body: `{data}` except where the resource answers bare. */
const recordOf = (c: ResourceCase, response: Json) => (c.bare ? response : response.data);

function ordered(values: unknown[], descending: boolean, numeric: boolean): boolean {
  const key = (v: unknown) => (numeric ? Number(v) : String(v ?? '').toLowerCase());
  return values.every((value, i) => i === 0 || (descending ? key(values[i - 1]) >= key(value) : key(values[i - 1]) <= key(value)));
}

describe.each(CASES)('/api/v1/$path', (c) => {
  test('create → read → list (search, filter, sort, pages) → edit → delete → 404', async () => {
    const created = await call(admin, `/${c.path}/`, { method: 'POST', json: c.create });
    expect(created.status).toBe(201);
    const record = created.body.data as Json;
    const visible = omit(c.create, ['password', 'password_confirmation']);
    expect(record).toMatchObject({ ...visible, ...c.expected, id: expect.any(Number), created_at: expect.any(String), updated_at: expect.any(String) });
    if (c.owned) expect(record.account_id).toBe(ACME);
    for (const secret of c.secret ?? []) expect(record).not.toHaveProperty(secret);

    const read = await call(admin, `/${c.path}/${record.id}`);
    expect(read.status).toBe(200);
    expect(recordOf(c, read.body)).toEqual(record);

    const term = String(c.create[c.nameField]).slice(0, 12);
    const searched = await call(admin, `/${c.path}/?search=${encodeURIComponent(term)}`);
    expectListEnvelope(searched.body);
    expect(searched.body.data.map((r: Json) => r.id)).toContain(record.id);
    for (const row of searched.body.data) {
      const haystack = [row[c.nameField], row.email, row.conversation_uuid, row.model, row.phone_number].join(' ').toLowerCase();
      expect(haystack).toContain(term.toLowerCase());
    }

    const filter = c.filter ?? { key: 'id', value: String(record.id), field: 'id', expect: record.id };
    const filtered = await call(admin, `/${c.path}/?filter[${filter.key}]=${encodeURIComponent(filter.value)}&show=100`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.length).toBeGreaterThan(0);
    expect(filtered.body.data.map((r: Json) => r.id)).toContain(record.id);
    for (const row of filtered.body.data) expect(row[filter.field]).toEqual(filter.expect);

    for (const descending of [false, true]) {
      const sorted = await call(admin, `/${c.path}/?sort=${descending ? '-' : ''}${c.sort.field}&show=50`);
      expect(sorted.status).toBe(200);
      expect(ordered(sorted.body.data.map((r: Json) => r[c.sort.field]), descending, c.sort.numeric ?? false)).toBe(true);
    }

    // Pagination: follow the absolute links; every row once, the filter kept on every link.
    const scope = c.owned ? `account_id=${ACME}&` : '';
    const paged = await allPages(admin, `/${c.path}/?${scope}show=10&sort=id`);
    expect(paged.rows).toHaveLength(paged.total);
    expect(new Set(paged.rows.map((r) => r.id)).size).toBe(paged.total);
    expect(paged.pages).toBe(Math.max(1, Math.ceil(paged.total / 10)));
    if (c.owned) for (const row of paged.rows) expect(row.account_id).toBe(ACME);

    const edited = await call(admin, `/${c.path}/${record.id}`, { method: 'PATCH', json: c.patch });
    expect(edited.status).toBe(200);
    const after = recordOf(c, edited.body);
    const expectedPatch = Object.fromEntries(Object.entries(c.patch).map(([k, v]) => [k, v === '' ? null : v]));
    expect(after).toMatchObject({ ...expectedPatch, id: record.id });
    expect(after.updated_at >= record.updated_at).toBe(true);
    expect(recordOf(c, (await call(admin, `/${c.path}/${record.id}`)).body)).toEqual(after);

    const deleted = await call(admin, `/${c.path}/${record.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Record deleted.' });
    const gone = await call(admin, `/${c.path}/${record.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Record not found.' });
    expect((await call(admin, `/${c.path}/${record.id}`, { method: 'PATCH', json: c.patch })).status).toBe(404);
    expect((await call(admin, `/${c.path}/${record.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  test('422 with Laravel messages: a missing required field, a wrong value', async () => {
    const missing = omit(c.create, [c.required.field]);
    const first = await call(admin, `/${c.path}/`, { method: 'POST', json: missing });
    expect(first.status).toBe(422);
    expect(first.body.errors[c.required.field]).toEqual([c.required.message]);
    expect(first.body.message).toBe(Object.values(first.body.errors as Record<string, string[]>)[0]?.[0]);

    const wrong = await call(admin, `/${c.path}/`, { method: 'POST', json: c.invalid.body });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[c.invalid.field]).toEqual([c.invalid.message]);

    const empty = await call(admin, `/${c.path}/`, { method: 'POST', json: {} });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toContain(c.required.field);

    const list = await call(admin, `/${c.path}/?sort=nope`);
    expect(list.status).toBe(422);
    expect(list.body.errors.sort[0]).toMatch(/^The selected sort is invalid\./);
  });

  test('the viewer (browse and read only) gets 403 on every write', async () => {
    const any = (await call(viewer, `/${c.path}/`)).body.data[0] as Json;
    expect(any).toBeDefined();
    const attempts = [
      await call(viewer, `/${c.path}/`, { method: 'POST', json: c.create }),
      await call(viewer, `/${c.path}/${any.id}`, { method: 'PATCH', json: c.patch }),
      await call(viewer, `/${c.path}/${any.id}`, { method: 'DELETE' }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body).toEqual({ message: 'This action is unauthorized.' });
    }
    expect((await call(viewer, `/${c.path}/${any.id}`)).status).toBe(200);
  });

  test('account scope: the viewer sees only Globex; the admin filter narrows to one account', async () => {
    const own = (row: Json) => (c.owned ? row.account_id : row.id);
    const mine = await allPages(viewer, `/${c.path}/?show=100`);
    expect(mine.rows.length).toBeGreaterThan(0);
    for (const row of mine.rows) expect(own(row)).toBe(GLOBEX);
    // Asking for another account narrows to nothing, never widens.
    expect((await call(viewer, `/${c.path}/?account_id=${ACME}`)).body.data).toEqual([]);

    const acmeRow = (await call(admin, `/${c.path}/?account_id=${ACME}`)).body.data[0] as Json;
    expect(own(acmeRow)).toBe(ACME);
    expect((await call(viewer, `/${c.path}/${acmeRow.id}`)).status).toBe(404);

    const globex = await allPages(admin, `/${c.path}/?account_id=${GLOBEX}&show=100`);
    expect(globex.rows.map((r) => r.id).sort()).toEqual(mine.rows.map((r) => r.id).sort());
    const everything = await call(admin, `/${c.path}/`);
    expect(everything.body.meta.total).toBeGreaterThan(globex.total);
  });
});

describe('seeded data', () => {
  test.each(CASES.filter((c) => c.owned && !['users', 'roles'].includes(c.path)))('/$path has 20+ rows per account: several pages at the default size', async (c) => {
    for (const accountId of [ACME, GLOBEX, INITECH]) {
      const list = await call(admin, `/${c.path}/?account_id=${accountId}`);
      expect(list.body.meta.per_page).toBe(15);
      expect(list.body.meta.total).toBeGreaterThanOrEqual(20);
      expect(list.body.meta.last_page).toBeGreaterThanOrEqual(2);
    }
  });

  test('60+ contacts and 40+ feedback per account; roles and users over every account span pages', async () => {
    for (const accountId of [ACME, GLOBEX, INITECH]) {
      expect((await call(admin, `/contacts/?account_id=${accountId}`)).body.meta.total).toBeGreaterThanOrEqual(60);
      expect((await call(admin, `/feedback/?account_id=${accountId}`)).body.meta.total).toBeGreaterThanOrEqual(40);
    }
    expect((await call(admin, '/roles/')).body.meta.last_page).toBeGreaterThanOrEqual(2);
  });

  test('every bot has at least one agent; the demo bot’s agent has instructions and an LLM', async () => {
    const bots = await allPages(admin, `/bots/?account_id=${ACME}&show=100`);
    for (const bot of bots.rows) expect(bot.agents.length).toBeGreaterThan(0);
    const demo = bots.rows.find((b) => b.name === 'Demo Bot') as Json;
    expect(demo.instance_id).not.toBeNull();
    const agent = (await call(admin, `/agents/${demo.agents[0]}`)).body.data as Json;
    expect(agent.llm_id).not.toBeNull();
    expect((await call(admin, `/agent-instructions/${agent.agent_instruction_id}`)).body.data.instructions).toMatch(/\w/);
    const instance = (await call(admin, `/instances/${demo.instance_id}`)).body.data as Json;
    expect(instance.bot_id).toBe(demo.id);
    expect(instance.phone_number).toMatch(/^\d{11,12}$/);
  });
});

describe('creates go to the right account', () => {
  test('a level-9 user creates in the body’s account_id (the global filter), else their own', async () => {
    const there = await call(admin, '/contacts/', { method: 'POST', json: { name: 'Filtered create', account_id: GLOBEX } });
    expect(there.status).toBe(201);
    expect(there.body.data.account_id).toBe(GLOBEX);
    const missing = await call(admin, '/contacts/', { method: 'POST', json: { name: 'Nowhere', account_id: 999 } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.account_id).toEqual(['The selected account id is invalid.']);
  });

  test('a lower-level user always creates in their own account, whatever the body says', async () => {
    const bots = await signIn(server, 'bots@example.com');
    const created = await call(bots, '/bots/', { method: 'POST', json: { name: 'Initech bot', account_id: ACME } });
    // The body's foreign account_id is the global filter: it narrows nothing on a create.
    expect(created.status).toBe(201);
    expect(created.body.data.account_id).toBe(INITECH);
    expect((await call(bots, '/contacts/')).status).toBe(403);
  });

  test('references must name a record of the same account', async () => {
    const globexLlm = (await call(admin, `/llms/?account_id=${GLOBEX}`)).body.data[0] as Json;
    const response = await call(admin, '/agents/', { method: 'POST', json: { name: 'Cross-account', llm_id: globexLlm.id } });
    expect(response.status).toBe(422);
    expect(response.body.errors.llm_id).toEqual(['The selected llm id is invalid.']);
    const acmeLlm = (await call(admin, `/llms/?account_id=${ACME}`)).body.data[0] as Json;
    const ok = await call(admin, '/agents/', { method: 'POST', json: { name: 'Same account', llm_id: String(acmeLlm.id) } });
    expect(ok.status).toBe(201);
    expect(ok.body.data.llm_id).toBe(acmeLlm.id);
  });
});
