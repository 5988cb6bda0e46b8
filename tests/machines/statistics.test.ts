import { http, HttpResponse, delay } from 'msw';
import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, test } from 'vitest';
import { createHttp } from '../../src/api/http';
import { createReportingApi, type ReportFile } from '../../src/api/reporting';
import { parseRuntimeConfig } from '../../src/config';
import { createConversationReportMachine } from '../../src/machines/conversationReport';
import { createConversationListMachine } from '../../src/machines/conversationReportList';
import { statusCode, operationOf } from '../../src/machines/operation';
import { createStatisticsMachine, type StatisticsActor } from '../../src/machines/statistics';
import { API } from '../support/apiFixtures';
import { mswServer } from '../support/setupMsw';

const api = () => createReportingApi(createHttp(parseRuntimeConfig({ apiOrigin: API })));
const grades = { A: 1, B: 1, C: 0, D: 0, F: 0 };
const totals = { conversations: 2, minutes: 3, cost: 1.5, grade_score: 3.5, average_grade: 'A', grades };
const breakdown = (name: string) => ({ data: { role: { id: 1, name }, totals, dispositions: [], channels: [{ channel: 'voice', conversations: 2 }], timeseries: [] } });
const envelope = (data: unknown[]) => ({ data, links: { first: null, last: null, prev: null, next: null }, meta: { current_page: 1, from: 1, last_page: 1, per_page: 15, to: data.length, total: data.length } });

let stop: Array<() => void> = [];
afterEach(() => {
  stop.forEach((s) => s());
  stop = [];
});

function startStatistics(save?: (file: ReportFile) => void): StatisticsActor {
  const actor = createActor(createStatisticsMachine(api(), save)).start();
  stop.push(() => actor.stop());
  return actor;
}

describe('statistics actor', () => {
  test('loads global statistics: its operation goes loading 1 → success 2, the parsed output lands in the actor', async () => {
    mswServer.use(http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { ...totals, active: 0 } })));
    const actor = startStatistics();
    const global = operationOf(actor, 'global');
    actor.send({ type: 'statistics.load', kind: 'global' });
    expect(statusCode(global.getSnapshot())).toBe(1);
    await waitFor(global, (s) => s.matches('success'));
    expect(actor.getSnapshot().context.results.global).toMatchObject({ conversations: 2, average_grade: 'A' });
    // One copy: the operation keeps its state, the actor the result.
    expect(global.getSnapshot().context.output).toBeUndefined();
  });

  test('a failure keeps SPEC §8 summary and the server’s message', async () => {
    mswServer.use(http.get(`${API}/api/v1/reporting/roles`, () => HttpResponse.json({ message: 'Database is busy.' }, { status: 500 })));
    const actor = startStatistics();
    actor.send({ type: 'statistics.load', kind: 'roles' });
    const failed = await waitFor(operationOf(actor, 'roles'), (s) => s.matches('failed'));
    expect(statusCode(failed)).toBe(3);
    expect(failed.context.error).toMatchObject({ summary: 'Error Loading Roles', status: 500 });
  });

  test('a newer breakdown request supersedes a slower older one', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/reporting/roles/:id`, async ({ params }) => {
        if (params.id === '1') await delay(150);
        return HttpResponse.json(breakdown(params.id === '1' ? 'Old' : 'New'));
      }),
    );
    const actor = startStatistics();
    actor.send({ type: 'statistics.load', kind: 'roleBreakdown', id: '1' });
    actor.send({ type: 'statistics.load', kind: 'roleBreakdown', id: '2' });
    const op = operationOf(actor, 'roleBreakdown');
    await waitFor(op, (s) => s.matches('success'));
    await delay(200);
    expect((actor.getSnapshot().context.results.roleBreakdown as { role: { name: string } }).role.name).toBe('New');
  });

  test('reset empties role and instance breakdowns and global statistics, and leaves the role list', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/reporting/roles/:id`, () => HttpResponse.json(breakdown('Support'))),
      http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: totals })),
      http.get(`${API}/api/v1/reporting/roles`, () => HttpResponse.json(envelope([{ id: 1, name: 'Support', account_id: 1, ...totals }]))),
    );
    const actor = startStatistics();
    for (const kind of ['roleBreakdown', 'global', 'roles'] as const) actor.send({ type: 'statistics.load', kind, id: '1' });
    await waitFor(operationOf(actor, 'roleBreakdown'), (s) => s.matches('success'));
    await waitFor(operationOf(actor, 'global'), (s) => s.matches('success'));
    await waitFor(operationOf(actor, 'roles'), (s) => s.matches('success'));
    actor.send({ type: 'statistics.reset' });
    for (const kind of ['roleBreakdown', 'global'] as const) {
      const snapshot = operationOf(actor, kind).getSnapshot();
      expect(statusCode(snapshot)).toBe(0);
      expect(actor.getSnapshot().context.results[kind]).toBeUndefined();
    }
    expect(actor.getSnapshot().context.results.roles).toBeDefined();
    expect(statusCode(operationOf(actor, 'roles').getSnapshot())).toBe(2);
  });

  test('export saves the file under the server’s name', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/reporting/global/timeseries`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('export')).toBe('csv');
        return new HttpResponse('date,conversations\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="global-timeseries-2026-11-22.csv"' } });
      }),
    );
    const saved: string[] = [];
    const actor = startStatistics((file) => saved.push(file.filename));
    actor.send({ type: 'statistics.export', kind: 'timeseries', query: { from: '2026-11-01' } });
    await waitFor(operationOf(actor, 'export'), (s) => s.matches('success'));
    expect(saved).toEqual(['global-timeseries-2026-11-22.csv']);
  });
});

describe('conversation report actor', () => {
  const conversation = { id: 7, uuid: '00000000-0000-4000-8000-000000000007', account_id: 1, channel: 'voice', direction: 'inbound', status: 'completed', started_at: '2026-11-20T10:00:00Z', duration_seconds: 60, cost: 0.1, letter_grade: 'B' };

  test('opens the record and the tab’s part once; another conversation empties every part first', async () => {
    let transcriptCalls = 0;
    mswServer.use(
      http.get(`${API}/api/v1/reporting/conversations/:id`, ({ params }) => HttpResponse.json({ data: { ...conversation, uuid: String(params.id) } })),
      http.get(`${API}/api/v1/reporting/conversations/:id/transcript`, () => {
        transcriptCalls += 1;
        return HttpResponse.json({ data: [{ position: 1, role: 'bot', text: 'Hello', time: '0:00:01.5' }] });
      }),
      http.get(`${API}/api/v1/reporting/conversations/:id/log`, () => HttpResponse.json({ data: [] })),
    );
    const actor = createActor(createConversationReportMachine(api())).start();
    stop.push(() => actor.stop());
    actor.send({ type: 'conversationReport.open', id: 'a', tab: 'transcript' });
    await waitFor(operationOf(actor, 'transcript'), (s) => s.matches('success'));
    actor.send({ type: 'conversationReport.open', id: 'a', tab: 'log' });
    actor.send({ type: 'conversationReport.open', id: 'a', tab: 'transcript' });
    await waitFor(operationOf(actor, 'log'), (s) => s.matches('success'));
    expect(transcriptCalls).toBe(1);

    actor.send({ type: 'conversationReport.open', id: 'b', tab: 'overview' });
    // The previous conversation's parts are gone at once. The transcript sits beside the player on
    // every tab (issue 14), so b's is asked for even on the overview; the log waits for its tab.
    expect(actor.getSnapshot().context.results.transcript).toBeUndefined();
    expect(actor.getSnapshot().context.results.log).toBeUndefined();
    expect(statusCode(operationOf(actor, 'log').getSnapshot())).toBe(0);
    await waitFor(operationOf(actor, 'transcript'), (s) => s.matches('success'));
    expect(transcriptCalls).toBe(2);
    const record = await waitFor(actor, (s) => (s.context.results.conversation as { uuid: string } | undefined)?.uuid === 'b');
    expect(record.context.results.conversation).toMatchObject({ letter_grade: 'B' });
  });

  test('a conversation outside the caller’s scope (404) is "Record Not Found" with a plain detail', async () => {
    mswServer.use(http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ message: 'Conversation not found.' }, { status: 404 })));
    const actor = createActor(createConversationReportMachine(api())).start();
    stop.push(() => actor.stop());
    actor.send({ type: 'conversationReport.open', id: 'x', tab: 'overview' });
    const failed = await waitFor(operationOf(actor, 'conversation'), (s) => s.matches('failed'));
    expect(failed.context.error).toMatchObject({ summary: 'Record Not Found', detail: 'This record does not exist or you cannot see it' });
    expect(failed.context.error?.serverDetail).toBeUndefined();
  });
});

describe('conversation list actor', () => {
  test('browse sends grades and dispositions as Laravel arrays and filters as filter[...]', async () => {
    let url: URL | undefined;
    mswServer.use(
      http.get(`${API}/api/v1/reporting/conversations`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json(envelope([]));
      }),
    );
    const actor = createActor(createConversationListMachine(api())).start();
    stop.push(() => actor.stop());
    actor.send({ type: 'conversations.browse', query: { grades: ['A', 'B'], dispositions: ['3'], filter: { channel: 'voice' }, page: 2 } });
    await waitFor(operationOf(actor, 'list'), (s) => s.matches('success'));
    expect(url?.searchParams.getAll('grades[]')).toEqual(['A', 'B']);
    expect(url?.searchParams.getAll('dispositions[]')).toEqual(['3']);
    expect(url?.searchParams.get('filter[channel]')).toBe('voice');
    expect(url?.searchParams.get('page')).toBe('2');
  });

  test('a failed export keeps the server’s message under Export Record Failed', async () => {
    mswServer.use(http.get(`${API}/api/v1/reporting/conversations`, () => HttpResponse.json({ message: 'Too many rows.', errors: { export: ['Narrow the date range.'] } }, { status: 422 })));
    const actor = createActor(createConversationListMachine(api(), () => {})).start();
    stop.push(() => actor.stop());
    actor.send({ type: 'conversations.export', query: {} });
    const failed = await waitFor(operationOf(actor, 'export'), (s) => s.matches('failed'));
    expect(failed.context.error).toMatchObject({ summary: 'Export Record Failed', detail: 'Narrow the date range.' });
  });
});
