import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createHttp } from '../../src/api/http';
import { createRelationsApi } from '../../src/api/relations';
import { resourceApiFor } from '../../src/api/resources';
import { parseRuntimeConfig } from '../../src/config';
import { onOutcome, requestFailure, requestStatus } from '../../src/machines/operation';
import { createRelationMachine } from '../../src/machines/relation';
import { createResourceMachine, type ResourceEmitted, type ResourceRequest } from '../../src/machines/resource';
import { resourceApi } from '../../src/machines/resource.api';
import { API } from '../support/apiFixtures';
import { bot, crudHandlers, listBody } from '../support/resourceFixtures';
import { mswServer } from '../support/setupMsw';

const httpClient = () => createHttp(parseRuntimeConfig({ apiOrigin: API }));

describe('resource outcomes: typed emitted events naming the request', () => {
  test('a save emits resource.succeeded with its kind, the very request event and the saved record', async () => {
    mswServer.use(...crudHandlers('bots', [bot(1)]));
    const bots = createActor(createResourceMachine({ section: 'bots', api: resourceApiFor(httpClient(), 'bots') })).start();
    const heard: ResourceEmitted[] = [];
    bots.on('*', (event) => heard.push(event));
    const request: ResourceRequest = { type: 'resource.edit', id: '1', values: { name: 'Renamed' } };
    bots.send(request);
    await waitFor(bots, () => heard.length > 0);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ type: 'resource.succeeded', kind: 'edit', output: { id: '1', name: 'Renamed' } });
    expect(heard[0]!.input).toBe(request);
  });

  test('a failure emits resource.failed with SPEC §8 summary; another view’s request of the same kind is not mine', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/bots/:id`, ({ params }) =>
        params.id === '404' ? HttpResponse.json({ message: 'No such bot' }, { status: 404 }) : HttpResponse.json({ data: bot(Number(params.id)) }),
      ),
    );
    const bots = createActor(createResourceMachine({ section: 'bots', api: resourceApiFor(httpClient(), 'bots') })).start();
    const mine: ResourceRequest = { type: 'resource.read', id: '404' };
    const theirs: ResourceRequest = { type: 'resource.read', id: '404' };
    const outcomes: string[] = [];
    onOutcome(bots, mine, { succeeded: () => outcomes.push('mine succeeded'), failed: (error) => outcomes.push(`mine failed: ${error.summary}`) });
    onOutcome(bots, theirs, { failed: () => outcomes.push('theirs failed') });
    bots.send(theirs);
    await waitFor(bots, () => outcomes.length > 0);
    expect(outcomes).toEqual(['theirs failed']);
    bots.send(mine);
    await waitFor(bots, () => outcomes.length > 1);
    expect(outcomes).toEqual(['theirs failed', 'mine failed: Record Not Found']);
  });

  test('a request superseded by a newer one of its kind never settles; the newer one does', async () => {
    mswServer.use(...crudHandlers('bots', [bot(1), bot(2)]));
    const bots = createActor(createResourceMachine({ section: 'bots', api: resourceApiFor(httpClient(), 'bots') })).start();
    const older: ResourceRequest = { type: 'resource.read', id: '1' };
    const newer: ResourceRequest = { type: 'resource.read', id: '2' };
    const heard: string[] = [];
    onOutcome(bots, older, { succeeded: () => heard.push('older') });
    onOutcome(bots, newer, { succeeded: () => heard.push('newer') });
    bots.send(older);
    bots.send(newer);
    await waitFor(bots, () => heard.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['newer']);
    expect(bots.getSnapshot().context.record).toMatchObject({ id: '2' });
  });

  test('what became of a request is read from its operation (tags busy, failed, succeeded) while it is that operation\'s input; another request of the kind takes its place', async () => {
    mswServer.use(
      http.patch(`${API}/api/v1/bots/:id`, async ({ request }) => {
        const body = (await request.json()) as { name?: string };
        return body.name === '' ? HttpResponse.json({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } }, { status: 422 }) : HttpResponse.json({ data: { ...bot(1), name: body.name } });
      }),
      ...crudHandlers('bots', [bot(1)]),
    );
    const bots = createActor(createResourceMachine({ section: 'bots', api: resourceApiFor(httpClient(), 'bots') })).start();
    const api = resourceApi(bots);
    const edit = api.operationOf('edit');
    const mine = api.edit('1', { name: '' });
    expect(mine).toMatchObject({ type: 'resource.edit', id: '1' });
    expect(requestStatus(edit.getSnapshot(), mine)).toBe('busy');
    await waitFor(edit, (s) => requestStatus(s, mine) !== 'busy');
    expect(requestStatus(edit.getSnapshot(), mine)).toBe('failed');
    expect(requestFailure(edit.getSnapshot(), mine)?.fieldErrors).toEqual({ name: ['The name field is required.'] });
    // Another view's save of the same kind: its state is not this request's.
    const theirs = api.edit('1', { name: 'Renamed' });
    expect(requestStatus(edit.getSnapshot(), mine)).toBeNull();
    expect(requestFailure(edit.getSnapshot(), mine)).toBeNull();
    await waitFor(edit, (s) => requestStatus(s, theirs) === 'succeeded');
    expect(requestStatus(edit.getSnapshot(), mine)).toBeNull();
    expect(bots.getSnapshot().context.record).toMatchObject({ name: 'Renamed' });
    // A reset (the account filter changed) leaves no request's outcome behind.
    bots.send({ type: 'resource.init' });
    expect(requestStatus(edit.getSnapshot(), theirs)).toBeNull();
  });

  test('a relation emits relation.succeeded for the assign that asked', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/roles/4/dispositions/available/`, () => HttpResponse.json(listBody([{ id: 3, label: 'Sale' }]))),
      http.get(`${API}/api/v1/roles/4/dispositions/`, () => HttpResponse.json(listBody([]))),
      http.post(`${API}/api/v1/roles/4/dispositions/3`, () => new HttpResponse(null, { status: 204 })),
    );
    const relation = createActor(createRelationMachine('roles.dispositions', createRelationsApi(httpClient())['roles.dispositions'])).start();
    relation.send({ type: 'relation.open', ownerId: '4' });
    await waitFor(relation, (s) => s.context.available.length === 1);
    const request = { type: 'relation.assign', itemId: '3' } as const;
    const outcome = new Promise<string>((resolve) => onOutcome(relation, request, { succeeded: () => resolve('assigned'), failed: (e) => resolve(e.summary) }));
    relation.send(request);
    expect(await outcome).toBe('assigned');
    expect(relation.getSnapshot().context.assigned.map((i) => i.label)).toEqual(['Sale']);
  });
});
