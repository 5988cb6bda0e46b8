import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createHttp } from '../../src/api/http';
import { lookupConversations, lookupRecords, pickerRecords } from '../../src/api/references';
import { createRelationsApi } from '../../src/api/relations';
import type { ResourceKey } from '../../src/api/resources';
import { parseRuntimeConfig } from '../../src/config';
import { createReferencesMachine, NAME_TTL_MS, optionsKey, type ReferenceSection, type ReferencesActor } from '../../src/machines/references';
import { API } from '../support/apiFixtures';
import { listBody } from '../support/resourceFixtures';
import { mswServer } from '../support/setupMsw';

const LLMS = [
  { id: 1, account_id: 1, name: 'GPT-4o' },
  { id: 2, account_id: 1, name: 'Claude' },
  { id: 7, account_id: 2, name: 'GPT-4o' },
];

/** The reference cache over the real API functions, the LLM list served by msw; every request URL kept. */
function start(now = () => 0, known?: Parameters<typeof createReferencesMachine>[0]['known']) {
  const seen: string[] = [];
  mswServer.use(
    http.get(`${API}/api/v1/llms/`, ({ request }) => {
      const url = new URL(request.url);
      seen.push(decodeURIComponent(url.search));
      const ids = url.searchParams.get('filter[id]')?.split(',');
      const account = url.searchParams.get('account_id');
      return HttpResponse.json(listBody(LLMS.filter((r) => (!ids || ids.includes(String(r.id))) && (!account || String(r.account_id) === account))));
    }),
    http.get(`${API}/api/v1/bots/`, () => HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 })),
  );
  const transport = createHttp(parseRuntimeConfig({ apiOrigin: API }));
  const actor = createActor(
    createReferencesMachine({
      lookup: (section: ReferenceSection, ids, signal) => (section === 'conversations' ? lookupConversations(transport, ids, signal) : lookupRecords(transport, section, ids, signal)),
      options: (section: ResourceKey, accountId, signal) => pickerRecords(transport, section, accountId, signal),
      known,
      now,
    }),
  ).start();
  return { actor, seen };
}

const settledNames = (actor: ReferencesActor, section: ReferenceSection, ids: string[]) =>
  waitFor(actor, (s) => ids.every((id) => { const e = s.context.names[section]?.[id]; return e !== undefined && e.state !== 'loading'; }));

describe('references: names of linked records in batches, cached', () => {
  test('one call per section for a page of ids; ids it leaves out are missing; asking again calls nothing', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'references.need', section: 'llms', ids: ['1', '7', '1', '99'] });
    await settledNames(actor, 'llms', ['1', '7', '99']);
    expect(seen).toEqual(['?filter[id]=1,7,99&show=100&page=1']);
    const names = actor.getSnapshot().context.names.llms!;
    expect(names['1']).toMatchObject({ state: 'found', record: { name: 'GPT-4o', account_id: '1' } });
    expect(names['7']).toMatchObject({ state: 'found', record: { name: 'GPT-4o', account_id: '2' } });
    expect(names['99']?.state).toBe('missing');
    actor.send({ type: 'references.need', section: 'llms', ids: ['1', '7'] });
    actor.send({ type: 'references.need', section: 'llms', ids: ['2'] });
    await settledNames(actor, 'llms', ['2']);
    // Only the unknown id went out.
    expect(seen).toEqual(['?filter[id]=1,7,99&show=100&page=1', '?filter[id]=2&show=100&page=1']);
  });

  test('records the portal holds already (the account filter’s accounts) answer without a call; others are still looked up', async () => {
    let tell: ((section: ReferenceSection, records: Array<{ id: string; name: string }>) => void) | undefined;
    let unsubscribed = false;
    const { actor, seen } = start(
      () => 0,
      (listener) => {
        tell = listener;
        return () => (unsubscribed = true);
      },
    );
    tell!('llms', [{ id: '1', name: 'GPT-4o (filter)' }]);
    actor.send({ type: 'references.need', section: 'llms', ids: ['1'] });
    expect(actor.getSnapshot().context.names.llms?.['1']).toMatchObject({ state: 'found', record: { name: 'GPT-4o (filter)' } });
    actor.send({ type: 'references.need', section: 'llms', ids: ['1', '2'] });
    await settledNames(actor, 'llms', ['2']);
    expect(seen).toEqual(['?filter[id]=2&show=100&page=1']);
    actor.stop();
    expect(unsubscribed).toBe(true);
  });

  test('a forbidden section leaves its ids as missing (shown "#id"), never a failure', async () => {
    const { actor } = start();
    actor.send({ type: 'references.need', section: 'bots', ids: ['3'] });
    await settledNames(actor, 'bots', ['3']);
    expect(actor.getSnapshot().context.names.bots?.['3']?.state).toBe('missing');
  });

  test('a known name is asked again once it is older than the TTL (a rename elsewhere shows)', async () => {
    let clock = 0;
    const { actor, seen } = start(() => clock);
    actor.send({ type: 'references.need', section: 'llms', ids: ['1'] });
    await settledNames(actor, 'llms', ['1']);
    clock = NAME_TTL_MS + 1;
    actor.send({ type: 'references.need', section: 'llms', ids: ['1'] });
    // The stale name stays on screen while it is asked again.
    expect(actor.getSnapshot().context.names.llms?.['1']?.state).toBe('found');
    await waitFor(actor, () => seen.length === 2);
    expect(seen[1]).toBe('?filter[id]=1&show=100&page=1');
  });

  test('bad ids are never sent (bounded, no free text in the filter)', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'references.need', section: 'llms', ids: ['1,2', '../x', ''] });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([]);
  });
});

describe('references: picker choices per account', () => {
  test('an account’s records come with account_id; each scope is its own entry, cached', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'references.options', section: 'llms', accountId: '2', scope: 'account:2' });
    const key = optionsKey('llms', 'account:2');
    await waitFor(actor, (s) => s.context.options[key]?.state === 'ready');
    expect(actor.getSnapshot().context.options[key]!.records.map((r) => r.id)).toEqual(['7']);
    actor.send({ type: 'references.options', section: 'llms', accountId: '2', scope: 'account:2' });
    actor.send({ type: 'references.options', section: 'llms', accountId: null, scope: 'filter:all' });
    await waitFor(actor, (s) => s.context.options[optionsKey('llms', 'filter:all')]?.state === 'ready');
    expect(seen).toEqual(['?show=100&page=1&account_id=2', '?show=100&page=1']);
  });

  test('the explicit account of a picker wins over the global filter’s', async () => {
    const seen: string[] = [];
    mswServer.use(http.get(`${API}/api/v1/llms/`, ({ request }) => {
      seen.push(decodeURIComponent(new URL(request.url).search));
      return HttpResponse.json(listBody([]));
    }));
    const transport = createHttp(parseRuntimeConfig({ apiOrigin: API }));
    transport.setHooks({ accountId: () => '1', isSignedIn: () => true, sessionExpired: () => {}, unverified: () => {}, forbidden: () => {} });
    await pickerRecords(transport, 'llms', '2', new AbortController().signal);
    await pickerRecords(transport, 'llms', null, new AbortController().signal);
    expect(seen).toEqual(['?show=100&page=1&account_id=2', '?show=100&page=1&account_id=1']);
  });
});

describe('id lists on a record are named by one lookup of those ids', () => {
  test('an agent’s tools: exactly its ids are asked (not the first 100 tools), in the agent’s order', async () => {
    const seen: string[] = [];
    mswServer.use(
      http.get(`${API}/api/v1/agents/4`, () => HttpResponse.json({ data: { id: 4, account_id: 1, name: 'Night shift', tools: [250, 3] } })),
      http.get(`${API}/api/v1/tools/`, ({ request }) => {
        const url = new URL(request.url);
        seen.push(decodeURIComponent(url.search));
        const ids = url.searchParams.get('filter[id]')?.split(',') ?? [];
        const tools = [{ id: 3, account_id: 1, name: 'Lookup order' }, { id: 250, account_id: 1, name: 'Send SMS' }];
        return HttpResponse.json(listBody(tools.filter((t) => ids.includes(String(t.id)))));
      }),
    );
    const api = createRelationsApi(createHttp(parseRuntimeConfig({ apiOrigin: API })))['agents.tools'];
    const items = await api.list('4', {}, new AbortController().signal);
    expect((items.items as Array<{ name: string }>).map((t) => t.name)).toEqual(['Send SMS', 'Lookup order']);
    expect(seen).toEqual(['?filter[id]=250,3&show=100&page=1']);
  });
});

describe('a saved record updates the cache', () => {
  test('its new name shows at once, and the next picker of its section asks again', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'references.need', section: 'llms', ids: ['1'] });
    actor.send({ type: 'references.options', section: 'llms', accountId: '1', scope: 'account:1' });
    await settledNames(actor, 'llms', ['1']);
    await waitFor(actor, (s) => s.context.options[optionsKey('llms', 'account:1')]?.state === 'ready');
    actor.send({ type: 'references.remember', section: 'llms', record: { id: '1', account_id: '1', name: 'GPT-4o (renamed)' } });
    expect(actor.getSnapshot().context.names.llms?.['1']).toMatchObject({ state: 'found', record: { name: 'GPT-4o (renamed)' } });
    expect(actor.getSnapshot().context.options[optionsKey('llms', 'account:1')]).toBeUndefined();
    actor.send({ type: 'references.options', section: 'llms', accountId: '1', scope: 'account:1' });
    await waitFor(actor, (s) => s.context.options[optionsKey('llms', 'account:1')]?.state === 'ready');
    expect(seen.filter((q) => q.includes('account_id=1'))).toHaveLength(2);
  });
});

describe('conversations are named by uuid', () => {
  test('a page of feedback asks its conversations in one call (filter[uuid]) and knows them by uuid', async () => {
    const seen: string[] = [];
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    mswServer.use(
      http.get(`${API}/api/v1/reporting/conversations`, ({ request }) => {
        const url = new URL(request.url);
        seen.push(decodeURIComponent(url.search));
        const wanted = url.searchParams.get('filter[uuid]')?.split(',') ?? [];
        const rows = [1, 2].map((n) => ({
          id: n, uuid: uuid(n), account_id: 1, channel: 'voice', direction: 'inbound', status: 'completed', started_at: '2026-11-20T10:00:00Z',
          duration_seconds: 60, cost: 0.1, letter_grade: null, contact_name: `Caller ${n}`,
        }));
        return HttpResponse.json(listBody(rows.filter((r) => wanted.includes(r.uuid))));
      }),
    );
    const { actor } = start();
    actor.send({ type: 'references.need', section: 'conversations', ids: [uuid(2), uuid(1), uuid(3)] });
    await settledNames(actor, 'conversations', [uuid(1), uuid(2), uuid(3)]);
    expect(seen).toEqual([`?filter[uuid]=${uuid(2)},${uuid(1)},${uuid(3)}&show=100&page=1`]);
    const names = actor.getSnapshot().context.names.conversations!;
    expect(names[uuid(2)]).toMatchObject({ state: 'found', record: { contact_name: 'Caller 2' } });
    expect(names[uuid(3)]?.state).toBe('missing');
  });
});
