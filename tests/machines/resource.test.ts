import { http, HttpResponse, delay } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createHttp } from '../../src/api/http';
import { operationOf } from '../../src/machines/operation';
import { resourceApiFor, type ResourceKey } from '../../src/api/resources';
import { parseRuntimeConfig } from '../../src/config';
import { createResourceMachine, operationSystemId, resourceError, resourceStatus, type ResourceActor, type ResourceOperationKind } from '../../src/machines/resource';
import { createResourceLogicFactory, openResource } from '../../src/machines/areas/resources';
import { GENERIC_SUMMARIES, NO_RECORD_RECEIVED, SECTION_SUMMARIES, summaryFor } from '../../src/machines/resourceSummaries';
import { API } from '../support/apiFixtures';
import { startTestPortal } from '../support/portal';
import { bot, crudHandlers, listBody } from '../support/resourceFixtures';
import { mswServer } from '../support/setupMsw';

function startResource(section: ResourceKey, save = vi.fn()) {
  const httpClient = createHttp(parseRuntimeConfig({ apiOrigin: API }));
  const actor = createActor(createResourceMachine({ section, api: resourceApiFor(httpClient, section), save })).start();
  return { actor, save };
}

const settled = (actor: ResourceActor, kind: ResourceOperationKind) => waitFor(operationOf(actor, kind), (s) => s.matches('success') || s.matches('failed'));
const serverError = (status = 500, body: Record<string, unknown> = { message: 'Server Error' }) => () => HttpResponse.json(body, { status });

describe('resource actor: one operation per kind, each with its own status', () => {
  test('every kind starts idle (0); browse goes 1 → 2 and fills the list from data/links/meta', async () => {
    mswServer.use(...crudHandlers('bots', [bot(1), bot(2)]));
    const { actor } = startResource('bots');
    for (const kind of ['add', 'browse', 'read', 'edit', 'delete', 'paginate', 'export', 'fetch'] as const) expect(resourceStatus(actor, kind)).toBe(0);
    actor.send({ type: 'resource.browse', query: { search: '' } });
    expect(resourceStatus(actor, 'browse')).toBe(1);
    await settled(actor, 'browse');
    expect(resourceStatus(actor, 'browse')).toBe(2);
    expect(resourceStatus(actor, 'read')).toBe(0);
    const list = actor.getSnapshot().context.list!;
    expect(list.data.map((r) => r.name)).toEqual(['Bot 1', 'Bot 2']);
    expect(list.meta.total).toBe(2);
    expect(list.data[0]!.id).toBe('1');
  });

  test('paginate requests the links URL exactly as given', async () => {
    const seen: string[] = [];
    const next = `${API}/api/v1/actions/?page=2&sort=-name&filter%5Bkind%5D=sms`;
    mswServer.use(
      http.get(`${API}/api/v1/actions/`, ({ request }) => {
        seen.push(request.url);
        const page = new URL(request.url).searchParams.get('page');
        return HttpResponse.json(page === '2' ? listBody([{ id: 3, name: 'Third', kind: 'sms' }], { page: 2, lastPage: 2 }) : { ...listBody([{ id: 1, name: 'First', kind: 'sms' }], { lastPage: 2 }), links: { first: null, last: null, prev: null, next } });
      }),
    );
    const { actor } = startResource('actions');
    actor.send({ type: 'resource.browse' });
    await settled(actor, 'browse');
    actor.send({ type: 'resource.paginate', url: actor.getSnapshot().context.list!.links.next! });
    await settled(actor, 'paginate');
    expect(seen.at(-1)).toBe(next);
    expect(actor.getSnapshot().context.list!.data[0]!.name).toBe('Third');
    expect(resourceStatus(actor, 'paginate')).toBe(2);
  });

  test('read, add, edit and delete update record and list', async () => {
    const rows = [bot(1), bot(2)];
    mswServer.use(...crudHandlers('bots', rows));
    const { actor } = startResource('bots');
    actor.send({ type: 'resource.browse' });
    await settled(actor, 'browse');
    actor.send({ type: 'resource.read', id: '2' });
    await settled(actor, 'read');
    expect(actor.getSnapshot().context.record?.name).toBe('Bot 2');
    actor.send({ type: 'resource.edit', id: '2', values: { name: 'Renamed' } });
    await settled(actor, 'edit');
    expect(actor.getSnapshot().context.record?.name).toBe('Renamed');
    expect(actor.getSnapshot().context.list!.data.map((r) => r.name)).toEqual(['Bot 1', 'Renamed']);
    actor.send({ type: 'resource.add', values: { name: 'Fresh' } });
    await settled(actor, 'add');
    expect(actor.getSnapshot().context.record?.name).toBe('Fresh');
    actor.send({ type: 'resource.delete', id: '1' });
    await settled(actor, 'delete');
    expect(actor.getSnapshot().context.list!.data.map((r) => r.name)).toEqual(['Renamed']);
    expect(resourceStatus(actor, 'delete')).toBe(2);
  });

  test('workflow read and edit read the body directly (no data wrapper)', async () => {
    const rows = [{ id: 7, name: 'Onboarding', trigger: 'chat', steps: [{ name: 'Greet', action_id: null }], dispositions: [1], contacts: [], custom: 'kept' }];
    mswServer.use(...crudHandlers('workflows', rows, { bare: true }));
    const { actor } = startResource('workflows');
    actor.send({ type: 'resource.read', id: '7' });
    await settled(actor, 'read');
    expect(actor.getSnapshot().context.record).toMatchObject({ id: '7', name: 'Onboarding', custom: 'kept' });
    actor.send({ type: 'resource.edit', id: '7', values: { name: 'Renamed' } });
    await settled(actor, 'edit');
    expect(actor.getSnapshot().context.record?.name).toBe('Renamed');
  });

  test('fetch loads page 1 of 100 as options', async () => {
    let query = '';
    mswServer.use(
      http.get(`${API}/api/v1/llms/`, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(listBody([{ id: 1, name: 'GPT', provider: 'openai', model: 'gpt-4o' }]));
      }),
    );
    const { actor } = startResource('llms');
    actor.send({ type: 'resource.fetch' });
    await settled(actor, 'fetch');
    expect(query).toContain('show=100');
    expect(query).toContain('page=1');
    expect(actor.getSnapshot().context.options.map((o) => o.name)).toEqual(['GPT']);
  });

  test('export saves the blob under the Content-Disposition file name, with the list filters', async () => {
    let query = '';
    mswServer.use(
      http.get(`${API}/api/v1/feedback/`, ({ request }) => {
        query = new URL(request.url).search;
        return new HttpResponse('id,rating\n1,5\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="feedback-2026.csv"' } });
      }),
    );
    const { actor, save } = startResource('feedback');
    actor.send({ type: 'resource.export', query: { 'filter[rating]': 5 } });
    await settled(actor, 'export');
    expect(resourceStatus(actor, 'export')).toBe(2);
    expect(query).toContain('export=csv');
    expect(query).toContain('filter%5Brating%5D=5');
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![1]).toBe('feedback-2026.csv');
    expect(actor.getSnapshot().context.exported).toBe('feedback-2026.csv');
  });

  test('init resets every operation to idle and clears record and list', async () => {
    mswServer.use(...crudHandlers('bots', [bot(1)]));
    const { actor } = startResource('bots');
    actor.send({ type: 'resource.browse' });
    actor.send({ type: 'resource.read', id: '1' });
    await settled(actor, 'browse');
    await settled(actor, 'read');
    actor.send({ type: 'resource.init' });
    expect(resourceStatus(actor, 'browse')).toBe(0);
    expect(resourceStatus(actor, 'read')).toBe(0);
    expect(actor.getSnapshot().context.list).toBeNull();
    expect(actor.getSnapshot().context.record).toBeNull();
  });

  test('a slower, older browse never overwrites a newer one; a browse after paginate wins over a late page', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/bots/`, async ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        if (search === 'slow') await delay(150);
        return HttpResponse.json(listBody([bot(1, search ?? 'none')]));
      }),
    );
    const { actor } = startResource('bots');
    actor.send({ type: 'resource.browse', query: { search: 'slow' } });
    actor.send({ type: 'resource.browse', query: { search: 'fast' } });
    await settled(actor, 'browse');
    await delay(200);
    expect(actor.getSnapshot().context.list!.data[0]!.name).toBe('fast');

    mswServer.use(
      http.get(`${API}/api/v1/bots/page-slow`, async () => {
        await delay(150);
        return HttpResponse.json(listBody([bot(9, 'late page')]));
      }),
    );
    actor.send({ type: 'resource.paginate', url: `${API}/api/v1/bots/page-slow` });
    actor.send({ type: 'resource.browse', query: { search: 'newest' } });
    await settled(actor, 'browse');
    await settled(actor, 'paginate');
    expect(actor.getSnapshot().context.list!.data[0]!.name).toBe('newest');
  });
});

describe('resource actor: SPEC §8 summaries', () => {
  test('generic summaries for a section that names none', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/contacts/:id`, serverError(500, { message: 'Not available.' })),
      http.post(`${API}/api/v1/contacts/`, serverError(422, { message: 'Invalid', errors: { name: ['The name field is required.'], email: ['The email must be valid.'] } })),
      http.patch(`${API}/api/v1/contacts/:id`, serverError()),
      http.delete(`${API}/api/v1/contacts/:id`, serverError()),
      http.get(`${API}/api/v1/contacts/`, serverError(500, {})),
    );
    const { actor } = startResource('contacts');
    actor.send({ type: 'resource.read', id: '1' });
    actor.send({ type: 'resource.add', values: {} });
    actor.send({ type: 'resource.edit', id: '1', values: {} });
    actor.send({ type: 'resource.delete', id: '1' });
    actor.send({ type: 'resource.export' });
    for (const kind of ['read', 'add', 'edit', 'delete', 'export'] as const) await settled(actor, kind);
    expect(resourceError(actor, 'read')).toMatchObject({ summary: 'Error Loading Record', serverDetail: 'Not available.' });
    expect(resourceError(actor, 'add')).toMatchObject({
      summary: 'New Record Failed',
      detail: 'The name field is required.\nThe email must be valid.',
      fieldErrors: { name: ['The name field is required.'] },
    });
    expect(resourceError(actor, 'edit')?.summary).toBe('Edit Record Failed');
    expect(resourceError(actor, 'delete')?.summary).toBe('Delete Record Failed');
    expect(resourceError(actor, 'export')).toMatchObject({ summary: 'Export Record Failed' });
    for (const kind of ['read', 'add', 'edit', 'delete', 'export'] as const) expect(resourceStatus(actor, kind)).toBe(3);
  });

  test.each([
    ['roles', 'browse', 'Error Loading Roles'],
    ['actions', 'paginate', 'Error Paginating Actions'],
    ['feedback', 'browse', 'Error Loading Feedbacks'],
    ['feedback', 'export', 'Error Exporting Feedbacks'],
    ['feedback', 'paginate', 'Error Paginating Feedbacks'],
    ['llms', 'browse', 'Error loading LLMs'],
    ['llms', 'read', 'Error Loading LLM'],
    ['agent-instructions', 'paginate', 'Error Paginating Agent Instructions'],
    ['users', 'browse', 'Error Loading Users'],
    ['users', 'delete', 'Delete User Failed'],
    ['users', 'read', 'Error Loading User'],
    ['accounts', 'delete', 'Delete Failed'],
    ['workflows', 'browse', 'Error Loading Workflows'],
    ['accounts', 'browse', 'Error Loading Accounts'],
  ] as const)('%s %s failure → "%s"', async (section, kind, summary) => {
    mswServer.use(http.all(`${API}/api/v1/${section}/*`, serverError(500, { message: 'Boom' })));
    const { actor } = startResource(section);
    if (kind === 'paginate') actor.send({ type: 'resource.paginate', url: `${API}/api/v1/${section}/?page=2` });
    else if (kind === 'read') actor.send({ type: 'resource.read', id: '1' });
    else if (kind === 'delete') actor.send({ type: 'resource.delete', id: '1' });
    else if (kind === 'export') actor.send({ type: 'resource.export' });
    else actor.send({ type: 'resource.browse' });
    await settled(actor, kind);
    expect(resourceError(actor, kind)).toMatchObject({ summary, serverDetail: 'Boom' });
    expect(summaryFor(section, kind)).toBe(summary);
  });

  test('every section has a summary for every kind', () => {
    for (const section of Object.keys(SECTION_SUMMARIES) as ResourceKey[]) {
      for (const kind of Object.keys(GENERIC_SUMMARIES) as Array<keyof typeof GENERIC_SUMMARIES>) expect(summaryFor(section, kind)).toMatch(/\S/);
    }
  });

  test.each(['workflows', 'scorecards', 'dispositions'] as const)('adding a %s with no record back fails with "No record data received from API"', async (section) => {
    mswServer.use(http.post(`${API}/api/v1/${section}/`, () => HttpResponse.json({ data: null }, { status: 201 })));
    const { actor } = startResource(section);
    actor.send({ type: 'resource.add', values: { name: 'x', label: 'x' } });
    await settled(actor, 'add');
    expect(resourceStatus(actor, 'add')).toBe(3);
    expect(resourceError(actor, 'add')).toMatchObject({ summary: 'New Record Failed', detail: NO_RECORD_RECEIVED });
  });

  test.each([
    ['no body (204)', () => new HttpResponse(null, { status: 204 }), 'POST /v1/roles/ answered 204 with no body where a record was expected.'],
    ['the list (a redirected POST re-sent as GET)', () => HttpResponse.json(listBody([{ id: 1, name: 'Old' }])), 'POST /v1/roles/ answered 200 with a list where a record was expected.'],
  ])('no section accepts an add that answers %s: it fails, saying what came back', async (_label, answer, said) => {
    mswServer.use(http.post(`${API}/api/v1/roles/`, answer));
    const { actor } = startResource('roles');
    actor.send({ type: 'resource.add', values: { name: 'x' } });
    await settled(actor, 'add');
    expect(resourceStatus(actor, 'add')).toBe(3);
    expect(resourceError(actor, 'add')).toMatchObject({ summary: 'New Record Failed', detail: NO_RECORD_RECEIVED, serverDetail: said });
  });

  test('a 404 on read is "Record Not Found" with a plain detail, whatever the section; Laravel’s internal text is not shown', async () => {
    mswServer.use(http.get(`${API}/api/v1/roles/9999`, () => HttpResponse.json({ message: 'No query results for model [App\\Models\\Role] 9999' }, { status: 404 })));
    const { actor } = startResource('roles');
    actor.send({ type: 'resource.read', id: '9999' });
    await settled(actor, 'read');
    const error = resourceError(actor, 'read');
    expect(error).toMatchObject({ summary: 'Record Not Found', detail: 'This record does not exist or you cannot see it', status: 404 });
    expect(JSON.stringify(error)).not.toContain('App\\Models');
  });

  test('a redirected write fails: the 301 of a trailing-slash rule is never followed as a success', async () => {
    const seen: string[] = [];
    mswServer.use(
      http.post(`${API}/api/v1/roles/`, () => new HttpResponse(null, { status: 301, headers: { location: `${API}/api/v1/roles` } })),
      http.get(`${API}/api/v1/roles`, ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json(listBody([{ id: 1, name: 'Old' }]));
      }),
    );
    const { actor } = startResource('roles');
    actor.send({ type: 'resource.add', values: { name: 'x' } });
    await settled(actor, 'add');
    expect(resourceStatus(actor, 'add')).toBe(3);
    expect(resourceError(actor, 'add')).toMatchObject({ summary: 'New Record Failed', detail: 'API Error, please try again.' });
    expect(resourceError(actor, 'add')?.serverDetail).toMatch(/^POST \/v1\/roles\/ was answered with a redirect \(301\) to .*\/api\/v1\/roles: the write did not reach the API\.$/);
    expect(seen).toEqual([]);
  });

  test('an edit answered with an empty 204 reads the stored record back; one answered with a list fails', async () => {
    let stored = { id: 4, name: 'Before' };
    mswServer.use(
      http.patch(`${API}/api/v1/tools/4`, async ({ request }) => {
        stored = { ...stored, ...((await request.json()) as object) };
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`${API}/api/v1/tools/4`, () => HttpResponse.json({ data: stored })),
      http.patch(`${API}/api/v1/tools/5`, () => HttpResponse.json(listBody([{ id: 1, name: 'Other' }]))),
    );
    const { actor } = startResource('tools');
    actor.send({ type: 'resource.edit', id: '4', values: { name: 'After' } });
    await settled(actor, 'edit');
    expect(actor.getSnapshot().context.record).toMatchObject({ id: '4', name: 'After' });
    actor.send({ type: 'resource.edit', id: '5', values: { name: 'x' } });
    await settled(actor, 'edit');
    expect(resourceError(actor, 'edit')).toMatchObject({ summary: 'Edit Record Failed', serverDetail: 'PATCH /v1/tools/5 answered 200 with a list where a record was expected.' });
  });

  test('a malformed list payload fails with SPEC’s generic text', async () => {
    mswServer.use(http.get(`${API}/api/v1/tools/`, () => HttpResponse.json({ data: 'nope' })));
    const { actor } = startResource('tools');
    actor.send({ type: 'resource.browse' });
    await settled(actor, 'browse');
    expect(resourceError(actor, 'browse')).toMatchObject({ summary: 'Error Loading Tools', detail: 'API Error, please try again.' });
  });
});

describe('resource actors in the system', () => {
  test('created on first use with systemId resource:<section>, one per section, operations reachable by systemId', () => {
    const { portal } = startTestPortal('/bots');
    const bots = openResource(portal, 'bots');
    expect(openResource(portal, 'bots')).toBe(bots);
    expect(portal.root.system.get('resource:bots')).toBe(bots);
    expect(portal.root.system.get(operationSystemId('bots', 'browse'))).toBeDefined();
    expect(portal.root.system.get('resource:bots:duplicate')).toBeDefined();
    expect(portal.root.system.get('relation:bots.agents')).toBeDefined();
    expect(openResource(portal, 'roles')).not.toBe(bots);
  });

  test('section actions: bot duplicate, import failure "Import Failed" with the reason, phone purchase updates the record', async () => {
    mswServer.use(
      http.post(`${API}/api/v1/bots/3/duplicate`, () => HttpResponse.json({ data: bot(4, 'Bot 3 (copy)') }, { status: 201 })),
      http.post(`${API}/api/v1/bots/`, () => HttpResponse.json({ message: 'Invalid file', errors: { file: ['The file is not an exported bot.'] } }, { status: 422 })),
      http.post(`${API}/api/v1/instances/5/15551234567`, () => HttpResponse.json({ data: { id: 5, name: 'Main line', phone_number: '15551234567' } })),
    );
    const { portal } = startTestPortal('/bots');
    const bots = openResource(portal, 'bots');
    bots.send({ type: 'resource.action', name: 'duplicate', input: '3' });
    await settled(bots, 'duplicate');
    expect(bots.getSnapshot().context.results.duplicate).toMatchObject({ id: '4', name: 'Bot 3 (copy)' });
    bots.send({ type: 'resource.action', name: 'import', input: new File(['{}'], 'bad.json', { type: 'application/json' }) });
    await settled(bots, 'import');
    expect(resourceError(bots, 'import')).toMatchObject({ summary: 'Import Failed', detail: 'The file is not an exported bot.' });

    const instances = openResource(portal, 'instances');
    instances.send({ type: 'resource.action', name: 'purchase', input: { instanceId: '5', phoneNumber: '15551234567' } });
    await settled(instances, 'purchase');
    expect(instances.getSnapshot().context.record).toMatchObject({ id: '5', phone_number: '15551234567' });
  });

  test('bot export saves the file under the server’s name (the registry wires the save)', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/bots/3/export`, () =>
        HttpResponse.json({ format: 'agent-portal.bot', version: 1, bot: { name: 'B' }, agents: [] }, { headers: { 'content-disposition': 'attachment; filename="bot-3-b.json"' } }),
      ),
    );
    const save = vi.fn();
    const logic = createResourceLogicFactory(createHttp(parseRuntimeConfig({ apiOrigin: API })), save)('bots');
    const bots = createActor(logic).start();
    bots.send({ type: 'resource.action', name: 'exportBot', input: '3' });
    await settled(bots, 'exportBot');
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![1]).toBe('bot-3-b.json');
    expect(JSON.parse(await (save.mock.calls[0]![0] as Blob).text())).toMatchObject({ format: 'agent-portal.bot' });
  });

  test('phone numbers: countries and search failures carry their own summaries', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/instances/phonenumbers/countries`, serverError(500, { message: 'Carrier down' })),
      http.get(`${API}/api/v1/instances/phonenumbers/:country`, serverError(500, { message: 'Carrier down' })),
      http.post(`${API}/api/v1/instances/:id/:phone`, serverError(409, { message: 'Number taken' })),
    );
    const { portal } = startTestPortal('/instances');
    const instances = openResource(portal, 'instances');
    instances.send({ type: 'resource.action', name: 'countries' });
    instances.send({ type: 'resource.action', name: 'searchNumbers', input: { country: 'US', filters: { contains: '555' } } });
    instances.send({ type: 'resource.action', name: 'purchase', input: { instanceId: '1', phoneNumber: '1555' } });
    for (const kind of ['countries', 'searchNumbers', 'purchase'] as const) await settled(instances, kind);
    expect(resourceError(instances, 'countries')?.summary).toBe('Error Loading Available Countries');
    expect(resourceError(instances, 'searchNumbers')?.summary).toBe('Error Loading Available Phone Number');
    expect(resourceError(instances, 'purchase')).toMatchObject({ summary: 'Error Purchasing Phone Number', serverDetail: 'Number taken' });
  });

  test('users: password-reset email and resend verification', async () => {
    const calls: string[] = [];
    mswServer.use(
      http.get(`${API}/api/v1/users/:id/password-reset-email`, ({ request }) => {
        calls.push(new URL(request.url).pathname);
        return HttpResponse.json({ message: 'sent' });
      }),
      http.get(`${API}/api/v1/users/:id/resend-email-verification`, serverError(500, { message: 'Mailer down' })),
    );
    const { portal } = startTestPortal('/users');
    const users = openResource(portal, 'users');
    users.send({ type: 'resource.action', name: 'passwordResetEmail', input: '8' });
    users.send({ type: 'resource.action', name: 'resendVerification', input: '8' });
    await settled(users, 'passwordResetEmail');
    await settled(users, 'resendVerification');
    expect(calls).toEqual(['/api/v1/users/8/password-reset-email']);
    expect(resourceError(users, 'resendVerification')).toMatchObject({ summary: 'Error resending email verification', serverDetail: 'Mailer down' });
  });
});

describe('clients (read-only list)', () => {
  test('the resource actor of section clients browses, then follows the server’s link with the search kept', async () => {
    const next = `${API}/api/v1/clients/?page=2`;
    const asked: string[] = [];
    mswServer.use(
      http.get(`${API}/api/v1/clients/`, ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json(
          new URL(request.url).searchParams.get('page') === '2'
            ? listBody([{ id: 2, name: 'Beta' }], { page: 2, lastPage: 2 })
            : { ...listBody([{ id: 1, name: 'Alpha' }], { lastPage: 2 }), links: { first: null, last: null, prev: null, next } },
        );
      }),
    );
    const { actor } = startResource('clients');
    actor.send({ type: 'resource.browse', query: { search: 'a' } });
    await settled(actor, 'browse');
    expect(actor.getSnapshot().context.list!.data.map((r) => r.name)).toEqual(['Alpha']);
    actor.send({ type: 'resource.paginate', url: next, query: { search: 'a' } });
    await settled(actor, 'paginate');
    expect(actor.getSnapshot().context.list!.data.map((r) => r.name)).toEqual(['Beta']);
    expect(new URL(asked.at(-1)!).searchParams.get('search')).toBe('a');
    expect(resourceError(actor, 'browse')).toBeNull();
  });
});
