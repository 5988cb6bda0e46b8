import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { createHttp } from '../../src/api/http';
import { resourceApiFor } from '../../src/api/resources';
import { parseRuntimeConfig } from '../../src/config';
import { createResourceMachine, LIST_RETRY_DELAYS_S, listFailure, listLoading, listRetryIn } from '../../src/machines/resource';
import { API } from '../support/apiFixtures';
import { bot, listBody } from '../support/resourceFixtures';
import { mswServer } from '../support/setupMsw';

const httpClient = () => createHttp(parseRuntimeConfig({ apiOrigin: API }));

describe('a failed list retries by itself (named delay listRetry)', () => {
  test('after 2, 4, 8, 16, 32 s, then every 60 s; the delays start over after a success', async () => {
    let down = true;
    let calls = 0;
    mswServer.use(
      http.get(`${API}/api/v1/bots/`, () => {
        calls += 1;
        return down ? HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 }) : HttpResponse.json(listBody([bot(1)]));
      }),
    );
    const clock = new SimulatedClock();
    const bots = createActor(createResourceMachine({ section: 'bots', api: resourceApiFor(httpClient(), 'bots') }), { clock }).start();
    const failedAgain = async (n: number) => {
      await waitFor(bots, (s) => calls === n && s.matches({ list: 'failed' }));
    };
    bots.send({ type: 'resource.browse', query: { page: 2 } });
    await failedAgain(1);
    expect(LIST_RETRY_DELAYS_S).toEqual([2, 4, 8, 16, 32, 60]);
    const waits = [2, 4, 8, 16, 32, 60, 60];
    for (const [i, seconds] of waits.entries()) {
      expect(listRetryIn(bots.getSnapshot())).toBe(seconds);
      clock.increment(seconds * 1000 - 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toBe(i + 1);
      clock.increment(1);
      await failedAgain(i + 2);
    }
    // The network is back: the next retry loads the list, with the parameters it was asked with.
    down = false;
    clock.increment(60_000);
    await waitFor(bots, (s) => s.matches({ list: 'idle' }) && s.context.list !== null);
    expect(bots.getSnapshot().context.listQuery).toEqual({ page: 2 });
    expect(listRetryIn(bots.getSnapshot())).toBeNull();
    // A later failure starts from 2 s again.
    down = true;
    bots.send({ type: 'resource.browse' });
    await waitFor(bots, (s) => s.matches({ list: 'failed' }));
    expect(listRetryIn(bots.getSnapshot())).toBe(2);
    bots.stop();
  });

  test('a failed list is not retried after resource.init (sign-out)', async () => {
    let calls = 0;
    mswServer.use(
      http.get(`${API}/api/v1/bots/`, () => {
        calls += 1;
        return HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 });
      }),
    );
    const clock = new SimulatedClock();
    const bots = createActor(createResourceMachine({ section: 'bots', api: resourceApiFor(httpClient(), 'bots') }), { clock }).start();
    bots.send({ type: 'resource.browse' });
    await waitFor(bots, (s) => s.matches({ list: 'failed' }));
    bots.send({ type: 'resource.init' });
    clock.increment(120_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(1);
    expect(bots.getSnapshot().matches({ list: 'idle' })).toBe(true);
  });
});

describe('the list region is the list page’s state', () => {
  test('a failed next page (paginate) is retried as a browse with that page’s parameters; once it loads, the failure is gone', async () => {
    let down = false;
    const asked: string[] = [];
    mswServer.use(
      http.get(`${API}/api/v1/bots/`, ({ request }) => {
        asked.push(new URL(request.url).search);
        if (down) return HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 });
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        return HttpResponse.json({ ...listBody([bot(page)], { page, lastPage: 2 }), links: { first: null, last: null, prev: null, next: `${API}/api/v1/bots/?page=2` } });
      }),
    );
    const clock = new SimulatedClock();
    const bots = createActor(createResourceMachine({ section: 'bots', api: resourceApiFor(httpClient(), 'bots') }), { clock }).start();
    bots.send({ type: 'resource.browse', query: { page: 1 } });
    await waitFor(bots, (s) => s.matches({ list: 'idle' }) && s.context.list !== null);
    down = true;
    bots.send({ type: 'resource.paginate', url: `${API}/api/v1/bots/?page=2`, query: { page: 2 } });
    expect(listLoading(bots.getSnapshot())).toBe(true);
    await waitFor(bots, (s) => s.matches({ list: 'failed' }));
    expect(listFailure(bots.getSnapshot())).toMatchObject({ summary: 'Error Loading Records' });
    down = false;
    clock.increment(2000);
    await waitFor(bots, (s) => s.matches({ list: 'idle' }) && s.context.list?.meta.current_page === 2);
    expect(listFailure(bots.getSnapshot())).toBeNull();
    expect(asked.at(-1)).toContain('page=2');
  });
});
