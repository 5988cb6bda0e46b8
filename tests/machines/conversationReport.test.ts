import { http, HttpResponse } from 'msw';
import { createActor } from 'xstate';
import { describe, expect, test } from 'vitest';
import { createHttp } from '../../src/api/http';
import { createReportingApi } from '../../src/api/reporting';
import { parseRuntimeConfig } from '../../src/config';
import { createConversationReportMachine } from '../../src/machines/conversationReport';
import { statusCode, operationOf } from '../../src/machines/operation';
import { conversation } from '../support/reportingFixtures';
import { mswServer } from '../support/setupMsw';

const API = 'http://api.test';

function startReport() {
  const calls: string[] = [];
  mswServer.use(
    http.get(`${API}/api/v1/reporting/conversations/:id/:part`, ({ params }) => {
      calls.push(`${params.id}/${params.part}`);
      return HttpResponse.json({ data: params.part === 'usage-summary' || params.part === 'data' ? {} : [] });
    }),
    http.get(`${API}/api/v1/reporting/conversations/:id`, ({ params }) => {
      calls.push(`${params.id}`);
      return HttpResponse.json({ data: conversation(Number(params.id), 'A') });
    }),
  );
  const api = createReportingApi(createHttp(parseRuntimeConfig({ apiOrigin: API })));
  const actor = createActor(createConversationReportMachine(api, () => {})).start();
  return { actor, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('conversation report', () => {
  test('opening a conversation loads the record, its recording and transcript (shown beside each other) and the tab', async () => {
    const { actor, calls } = startReport();
    actor.send({ type: 'conversationReport.open', id: '1', tab: 'log' });
    await settle();
    expect([...calls].sort()).toEqual(['1', '1/log', '1/recordings', '1/transcript']);
    expect(statusCode(operationOf(actor, 'transcript').getSnapshot())).toBe(2);

    // Another tab loads only that part; coming back to one already loaded does not fetch again.
    actor.send({ type: 'conversationReport.open', id: '1', tab: 'quotes' });
    actor.send({ type: 'conversationReport.open', id: '1', tab: 'log' });
    actor.send({ type: 'conversationReport.open', id: '1', tab: 'transcript' });
    await settle();
    expect(calls.filter((c) => c.startsWith('1/')).sort()).toEqual(['1/log', '1/quotes', '1/recordings', '1/transcript']);
  });

  test('another conversation empties every part first; reload fetches the record, the review parts and the tab', async () => {
    const { actor, calls } = startReport();
    actor.send({ type: 'conversationReport.open', id: '1', tab: 'overview' });
    await settle();
    actor.send({ type: 'conversationReport.open', id: '2', tab: 'overview' });
    expect(actor.getSnapshot().context.results.transcript).toBeUndefined();
    await settle();
    expect(calls.filter((c) => c.startsWith('2')).sort()).toEqual(['2', '2/recordings', '2/transcript']);
    calls.length = 0;
    actor.send({ type: 'conversationReport.reload' });
    await settle();
    expect([...calls].sort()).toEqual(['2', '2/recordings', '2/transcript']);
  });
});
