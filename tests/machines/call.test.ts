import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { createCallsApi, type PlaceCallInput, type PlacedCall } from '../../src/api/calls';
import { createHttp } from '../../src/api/http';
import { parseRuntimeConfig } from '../../src/config';
import { callStatus, createCallMachine } from '../../src/machines/call';
import { API } from '../support/apiFixtures';
import { mswServer } from '../support/setupMsw';

const input: PlaceCallInput = { instanceId: '7', phone: '+1 (555) 123-4567', clientId: 'client-1', suppressHistory: true };

function startCall(placeCall: (input: PlaceCallInput) => Promise<PlacedCall>) {
  const clock = new SimulatedClock();
  const actor = createActor(createCallMachine((input) => placeCall(input)), { clock });
  actor.start();
  return { actor, clock };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('outbound call machine', () => {
  test('the loading state lasts 5000 ms even when the API answers at once', async () => {
    const { actor, clock } = startCall(async () => ({ uuid: 'u-1', status: 'active' }));
    actor.send({ type: 'call.place', input });
    expect(callStatus(actor.getSnapshot())).toBe(1);
    await flush();
    expect(actor.getSnapshot().matches({ loading: 'placed' })).toBe(true);
    clock.increment(4999);
    expect(callStatus(actor.getSnapshot())).toBe(1);
    clock.increment(1);
    expect(callStatus(actor.getSnapshot())).toBe(2);
    expect(actor.getSnapshot().context.output).toEqual({ uuid: 'u-1', status: 'active' });
  });

  test('a slower API keeps it loading past 5 s until the answer', async () => {
    let answer!: (value: PlacedCall) => void;
    const { actor, clock } = startCall(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'call.place', input });
    clock.increment(8000);
    expect(callStatus(actor.getSnapshot())).toBe(1);
    answer({ uuid: 'u-2' });
    await waitFor(actor, (s) => callStatus(s) === 2);
  });

  test('a failure shows at once with its summary and the server text', async () => {
    const { actor } = startCall(async () => {
      const { ApiError } = await import('../../src/api/errors');
      throw new ApiError({ status: 422, detail: 'The chat connection was not found; reconnect and try again.' });
    });
    actor.send({ type: 'call.place', input });
    const failed = await waitFor(actor, (s) => callStatus(s) === 3);
    expect(failed.context.error).toMatchObject({ summary: 'Error Placing Call', detail: 'The chat connection was not found; reconnect and try again.', status: 422 });
  });

  test('a phone number with fewer than 10 digits is refused; one call at a time', async () => {
    let calls = 0;
    const { actor } = startCall(async () => {
      calls += 1;
      return {};
    });
    actor.send({ type: 'call.place', input: { ...input, phone: '555-1234' } });
    expect(callStatus(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'call.place', input });
    actor.send({ type: 'call.place', input });
    await flush();
    expect(calls).toBe(1);
  });

  test('the request: POST /v1/conversations/instance/{id}/call/{digits} with ClientId and suppressHistory', async () => {
    let seen: { path: string; body: unknown } | null = null;
    mswServer.use(
      http.post(`${API}/api/v1/conversations/instance/:instanceId/call/:phone`, async ({ request }) => {
        seen = { path: new URL(request.url).pathname, body: await request.json() };
        return HttpResponse.json({ data: { id: 5, uuid: 'abc', status: 'active', stream_key: 'call-abc' } }, { status: 201 });
      }),
    );
    const api = createCallsApi(createHttp(parseRuntimeConfig({ apiOrigin: API })));
    const placed = await api.placeCall(input);
    expect(seen).toEqual({ path: '/api/v1/conversations/instance/7/call/15551234567', body: { ClientId: 'client-1', suppressHistory: true } });
    expect(placed).toMatchObject({ id: '5', uuid: 'abc', stream_key: 'call-abc' });
  });
});
