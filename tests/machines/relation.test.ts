import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createHttp } from '../../src/api/http';
import { createRelationsApi, type RelationKey } from '../../src/api/relations';
import { parseRuntimeConfig } from '../../src/config';
import { createRelationMachine, visibleRelationError, type RelationActor, type RelationKind } from '../../src/machines/relation';
import { openRelation } from '../../src/machines/areas/resources';
import { statusCode, operationOf } from '../../src/machines/operation';
import { API } from '../support/apiFixtures';
import { startTestPortal } from '../support/portal';
import { listBody } from '../support/resourceFixtures';
import { mswServer } from '../support/setupMsw';

function startRelation(key: RelationKey, log = vi.fn()) {
  const api = createRelationsApi(createHttp(parseRuntimeConfig({ apiOrigin: API })))[key];
  return { actor: createActor(createRelationMachine(key, api, log)).start(), log };
}
const settled = (actor: RelationActor, kind: RelationKind) => waitFor(operationOf(actor, kind), (s) => s.matches('success') || s.matches('failed'));
const names = (items: Array<Record<string, unknown>>) => items.map((i) => i.label ?? i.name);

describe('relations: list, available (show=100&page=1), assign, remove', () => {
  test('roles ↔ dispositions: open loads both lists; assign and remove move items locally', async () => {
    const queries: string[] = [];
    mswServer.use(
      http.get(`${API}/api/v1/roles/4/dispositions/available/`, ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(listBody([{ id: 2, label: 'Callback' }, { id: 3, label: 'Sale' }]));
      }),
      http.get(`${API}/api/v1/roles/4/dispositions/`, () => HttpResponse.json(listBody([{ id: 1, label: 'No answer' }]))),
      http.post(`${API}/api/v1/roles/4/dispositions/3`, () => new HttpResponse(null, { status: 204 })),
      http.delete(`${API}/api/v1/roles/4/dispositions/1`, () => new HttpResponse(null, { status: 204 })),
    );
    const { actor } = startRelation('roles.dispositions');
    actor.send({ type: 'relation.open', ownerId: '4' });
    await settled(actor, 'list');
    await settled(actor, 'available');
    expect(queries).toEqual(['?show=100&page=1']);
    expect(names(actor.getSnapshot().context.assigned)).toEqual(['No answer']);
    actor.send({ type: 'relation.assign', itemId: '3' });
    await settled(actor, 'assign');
    expect(names(actor.getSnapshot().context.assigned)).toEqual(['No answer', 'Sale']);
    expect(names(actor.getSnapshot().context.available)).toEqual(['Callback']);
    actor.send({ type: 'relation.remove', itemId: '1' });
    await settled(actor, 'remove');
    expect(names(actor.getSnapshot().context.assigned)).toEqual(['Sale']);
    expect(names(actor.getSnapshot().context.available)).toEqual(['Callback', 'No answer']);
  });

  test.each([
    ['roles.scorecards', '/roles/1/scorecards'],
    ['instances.dispositions', '/instances/1/dispositions'],
    ['instances.scorecards', '/instances/1/scorecards'],
    ['workflows.dispositions', '/workflows/1/dispositions'],
    ['agents.tools', '/agents/1/tools'],
    ['bots.agents', '/bots/1/agents'],
  ] as const)('%s: a failed assign/remove is only logged (no user message), the lists stay', async (key, path) => {
    mswServer.use(
      http.post(`${API}/api/v1${path}/9`, () => HttpResponse.json({ message: 'Nope' }, { status: 500 })),
      http.delete(`${API}/api/v1${path}/9`, () => HttpResponse.json({ message: 'Nope' }, { status: 500 })),
      http.get(`${API}/api/v1${path}/available/`, () => HttpResponse.json(listBody([{ id: 9, name: 'Nine', label: 'Nine' }]))),
      http.get(`${API}/api/v1${path}/`, () => HttpResponse.json(listBody([]))),
      http.get(`${API}/api/v1/${path.split('/')[1]}/1`, () => HttpResponse.json({ data: { id: 1, name: 'Owner', label: 'Owner', tools: [], agents: [] } })),
      http.get(`${API}/api/v1/${path.split('/')[3]}/`, () => HttpResponse.json(listBody([]))),
    );
    const { actor, log } = startRelation(key);
    actor.send({ type: 'relation.open', ownerId: '1' });
    await settled(actor, 'available');
    actor.send({ type: 'relation.assign', itemId: '9' });
    await settled(actor, 'assign');
    actor.send({ type: 'relation.remove', itemId: '9' });
    await settled(actor, 'remove');
    expect(log).toHaveBeenCalledTimes(2);
    expect(visibleRelationError(key, 'assign', operationOf(actor, 'assign').getSnapshot().context.error)).toBeNull();
    expect(names(actor.getSnapshot().context.available)).toEqual(['Nine']);
  });

  test('agents ↔ tools: assigned tools come from the agent’s ids, named from the tools list', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/agents/2`, () => HttpResponse.json({ data: { id: 2, name: 'Agent', tools: [5] } })),
      http.get(`${API}/api/v1/tools/`, () => HttpResponse.json(listBody([{ id: 5, name: 'Transfer' }, { id: 6, name: 'Hang up' }]))),
      http.get(`${API}/api/v1/agents/2/tools/available/`, () => HttpResponse.json(listBody([{ id: 6, name: 'Hang up' }]))),
    );
    const { actor } = startRelation('agents.tools');
    actor.send({ type: 'relation.open', ownerId: '2' });
    await settled(actor, 'list');
    await settled(actor, 'available');
    expect(names(actor.getSnapshot().context.assigned)).toEqual(['Transfer']);
    expect(names(actor.getSnapshot().context.available)).toEqual(['Hang up']);
  });

  test('loading failures show their summaries', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/instances/1/scorecards/available/`, () => HttpResponse.json({ message: 'Down' }, { status: 500 })),
      http.get(`${API}/api/v1/instances/1/scorecards/`, () => HttpResponse.json({ message: 'Down' }, { status: 500 })),
    );
    const { actor } = startRelation('instances.scorecards');
    actor.send({ type: 'relation.open', ownerId: '1' });
    await settled(actor, 'list');
    await settled(actor, 'available');
    expect(operationOf(actor, 'list').getSnapshot().context.error).toMatchObject({ summary: 'Error Loading Scorecards', serverDetail: 'Down' });
    expect(operationOf(actor, 'available').getSnapshot().context.error?.summary).toBe('Error Loading Scorecards Available');
  });
});

describe('workflow contacts', () => {
  const link = (contactId: number, status = 'pending') => ({ contact_id: contactId, workflow_id: 1, status, scheduled_at: null, attempts: 0, contact: { id: contactId, name: `Contact ${contactId}`, phone_number: '5551234567' } });

  test('assign, update with a body and remove alter the local list', async () => {
    const bodies: unknown[] = [];
    mswServer.use(
      http.get(`${API}/api/v1/workflows/1/contacts/available/`, () => HttpResponse.json(listBody([{ id: 2, name: 'Contact 2' }]))),
      http.get(`${API}/api/v1/workflows/1/contacts/`, () => HttpResponse.json(listBody([link(1)]))),
      http.post(`${API}/api/v1/workflows/1/contacts/2`, () => HttpResponse.json({ data: link(2) }, { status: 201 })),
      http.patch(`${API}/api/v1/workflows/1/contacts/2`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: link(2, 'active') });
      }),
      http.delete(`${API}/api/v1/workflows/1/contacts/1`, () => new HttpResponse(null, { status: 204 })),
    );
    const { actor } = startRelation('workflows.contacts');
    actor.send({ type: 'relation.open', ownerId: '1' });
    await settled(actor, 'available');
    await settled(actor, 'list');
    actor.send({ type: 'relation.assign', itemId: '2' });
    await settled(actor, 'assign');
    expect(actor.getSnapshot().context.assigned.map((r) => r.contact_id)).toEqual(['1', '2']);
    expect(actor.getSnapshot().context.available).toEqual([]);
    actor.send({ type: 'relation.update', itemId: '2', body: { status: 'active' } });
    await settled(actor, 'update');
    expect(bodies).toEqual([{ status: 'active' }]);
    expect(actor.getSnapshot().context.assigned.find((r) => r.contact_id === '2')?.status).toBe('active');
    actor.send({ type: 'relation.remove', itemId: '1' });
    await settled(actor, 'remove');
    expect(actor.getSnapshot().context.assigned.map((r) => r.contact_id)).toEqual(['2']);
    expect(names(actor.getSnapshot().context.available)).toEqual(['Contact 1']);
  });

  test.each([
    ['assign', 'post', 'Error Assigning Contact to Workflow'],
    ['update', 'patch', 'Error Updating Contact on Workflow'],
    ['remove', 'delete', 'Error Removing Contact from Workflow'],
  ] as const)('a failed %s shows "%s" (not a log-only relation)', async (kind, method, summary) => {
    mswServer.use(
      http[method](`${API}/api/v1/workflows/1/contacts/2`, () => HttpResponse.json({ message: 'Refused' }, { status: 500 })),
      http.get(`${API}/api/v1/workflows/1/contacts/available/`, () => HttpResponse.json(listBody([]))),
      http.get(`${API}/api/v1/workflows/1/contacts/`, () => HttpResponse.json(listBody([]))),
    );
    const { actor, log } = startRelation('workflows.contacts');
    actor.send({ type: 'relation.open', ownerId: '1' });
    if (kind === 'update') actor.send({ type: 'relation.update', itemId: '2', body: { attempts: 2 } });
    else actor.send({ type: `relation.${kind}`, itemId: '2' });
    await settled(actor, kind);
    const error = operationOf(actor, kind).getSnapshot().context.error;
    expect(visibleRelationError('workflows.contacts', kind, error)).toMatchObject({ summary, serverDetail: 'Refused' });
    expect(log).not.toHaveBeenCalled();
  });

  test('contacts → workflows lists with filters; failure is "Error Loading Workflows"', async () => {
    let query = '';
    mswServer.use(
      http.get(`${API}/api/v1/contacts/3/workflows`, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(listBody([{ id: 1, name: 'Onboarding', trigger: 'chat' }]));
      }),
    );
    const { actor } = startRelation('contacts.workflows');
    actor.send({ type: 'relation.open', ownerId: '3', query: { 'filter[trigger]': 'chat' } });
    await settled(actor, 'list');
    expect(query).toBe('?filter%5Btrigger%5D=chat');
    expect(names(actor.getSnapshot().context.assigned)).toEqual(['Onboarding']);
    mswServer.use(http.get(`${API}/api/v1/contacts/3/workflows`, () => HttpResponse.json({}, { status: 500 })));
    actor.send({ type: 'relation.list' });
    await settled(actor, 'list');
    expect(operationOf(actor, 'list').getSnapshot().context.error).toMatchObject({ summary: 'Error Loading Workflows', detail: 'API Error, please try again.' });
  });
});

describe('users ↔ roles', () => {
  test('GET assigned, available from /v1/user/roles, PATCH with the whole list', async () => {
    const patches: unknown[] = [];
    let roles = [{ id: 1, name: 'Admin' }];
    mswServer.use(
      http.get(`${API}/api/v1/users/8/roles`, () => HttpResponse.json({ data: roles })),
      http.get(`${API}/api/v1/user/roles`, () => HttpResponse.json({ data: [{ id: 1, name: 'Admin' }, { id: 2, name: 'Viewer' }] })),
      http.patch(`${API}/api/v1/users/8/roles`, async ({ request }) => {
        const body = (await request.json()) as { roles: number[] };
        patches.push(body);
        roles = [{ id: 1, name: 'Admin' }, { id: 2, name: 'Viewer' }].filter((r) => body.roles.includes(r.id));
        return HttpResponse.json({ data: roles });
      }),
    );
    const { actor } = startRelation('users.roles');
    actor.send({ type: 'relation.open', ownerId: '8' });
    await settled(actor, 'list');
    await settled(actor, 'available');
    actor.send({ type: 'relation.assign', itemId: '2' });
    await settled(actor, 'assign');
    expect(names(actor.getSnapshot().context.assigned)).toEqual(['Admin', 'Viewer']);
    actor.send({ type: 'relation.remove', itemId: '1' });
    await settled(actor, 'remove');
    expect(patches).toEqual([{ roles: [1, 2] }, { roles: [2] }]);
    expect(names(actor.getSnapshot().context.assigned)).toEqual(['Viewer']);
  });

  test('failures: "Error Loading Assigned User Roles", "Error Loading Available User Roles", "Error Updating User Roles"', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/users/8/roles`, () => HttpResponse.json({ message: 'x' }, { status: 500 })),
      http.get(`${API}/api/v1/user/roles`, () => HttpResponse.json({ message: 'y' }, { status: 500 })),
      http.patch(`${API}/api/v1/users/8/roles`, () => HttpResponse.json({ message: 'z', errors: { roles: ['Unknown role.'] } }, { status: 422 })),
    );
    const { actor } = startRelation('users.roles');
    actor.send({ type: 'relation.open', ownerId: '8' });
    actor.send({ type: 'relation.assign', itemId: '5' });
    await settled(actor, 'list');
    await settled(actor, 'available');
    await settled(actor, 'assign');
    expect(operationOf(actor, 'list').getSnapshot().context.error?.summary).toBe('Error Loading Assigned User Roles');
    expect(operationOf(actor, 'available').getSnapshot().context.error?.summary).toBe('Error Loading Available User Roles');
    expect(visibleRelationError('users.roles', 'assign', operationOf(actor, 'assign').getSnapshot().context.error)).toMatchObject({ summary: 'Error Updating User Roles', detail: 'Unknown role.' });
  });

  test('a result for an owner the actor has since left is dropped; init resets to idle', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/users/:id/roles`, async ({ params }) => {
        if (params.id === '1') await new Promise((r) => setTimeout(r, 100));
        return HttpResponse.json({ data: [{ id: Number(params.id), name: `Role of ${params.id}` }] });
      }),
      http.get(`${API}/api/v1/user/roles`, () => HttpResponse.json({ data: [] })),
    );
    const { portal } = startTestPortal('/users');
    const actor = openRelation(portal, 'users.roles');
    expect(portal.root.system.get('relation:users.roles')).toBe(actor);
    actor.send({ type: 'relation.open', ownerId: '1' });
    actor.send({ type: 'relation.open', ownerId: '2' });
    await settled(actor, 'list');
    await new Promise((r) => setTimeout(r, 150));
    expect(names(actor.getSnapshot().context.assigned)).toEqual(['Role of 2']);
    actor.send({ type: 'relation.init' });
    expect(statusCode(operationOf(actor, 'list').getSnapshot())).toBe(0);
    expect(actor.getSnapshot().context.assigned).toEqual([]);
  });
});

describe('every page of a relation list (a backend paging at 15 whatever `show` says)', () => {
  const pagedAt15 = (url: string, rows: Array<Record<string, unknown>>) =>
    http.get(url, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const lastPage = Math.ceil(rows.length / 15);
      const data = rows.slice((page - 1) * 15, page * 15);
      return HttpResponse.json({
        data,
        links: { prev: null, next: page < lastPage ? `${url}?page=${page + 1}` : null },
        meta: { current_page: page, from: null, last_page: lastPage, per_page: 15, to: null, total: rows.length },
      });
    });

  test('a read stops at its bound (40 pages) and relation.more reads on from there', async () => {
    const rows = Array.from({ length: 700 }, (_, i) => ({ id: i + 1, label: `D${i + 1}` }));
    mswServer.use(pagedAt15(`${API}/api/v1/roles/4/dispositions/`, rows), pagedAt15(`${API}/api/v1/roles/4/dispositions/available/`, []));
    const { actor } = startRelation('roles.dispositions');
    actor.send({ type: 'relation.open', ownerId: '4' });
    await settled(actor, 'list');
    expect(actor.getSnapshot().context).toMatchObject({ total: 700, next: `${API}/api/v1/roles/4/dispositions/?page=41` });
    expect(actor.getSnapshot().context.assigned).toHaveLength(600);
    actor.send({ type: 'relation.more' });
    await settled(actor, 'more');
    expect(actor.getSnapshot().context.assigned).toHaveLength(700);
    expect(actor.getSnapshot().context.assigned.at(-1)).toMatchObject({ label: 'D700' });
    expect(actor.getSnapshot().context.next).toBeNull();
  });

  test('an agent’s 20 tools are all named when the lookup answers 15 per page', async () => {
    const tools = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, account_id: 1, name: `Tool ${i + 1}` }));
    mswServer.use(
      http.get(`${API}/api/v1/agents/2`, () => HttpResponse.json({ data: { id: 2, name: 'Agent', tools: tools.map((t) => t.id) } })),
      pagedAt15(`${API}/api/v1/tools/`, tools),
      http.get(`${API}/api/v1/agents/2/tools/available/`, () => HttpResponse.json(listBody([]))),
    );
    const { actor } = startRelation('agents.tools');
    actor.send({ type: 'relation.open', ownerId: '2' });
    await settled(actor, 'list');
    expect(names(actor.getSnapshot().context.assigned)).toEqual(tools.map((t) => t.name));
    expect(actor.getSnapshot().context.total).toBe(20);
  });
});
