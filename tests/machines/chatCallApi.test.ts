import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import type { PlaceCallInput, PlacedCall } from '../../src/api/calls';
import { createCallMachine } from '../../src/machines/call';
import { callApi, callSelectors } from '../../src/machines/call.api';

const input: PlaceCallInput = { instanceId: '7', phone: '+1 (555) 123-4567', clientId: 'client-1', suppressHistory: false };

describe('the outbound call’s named API (views place calls and read them without event objects or state names)', () => {
  test('place, then the state by name, the number and the stream; a number that cannot be called stays idle', async () => {
    let answer!: (value: PlacedCall) => void;
    const call = createActor(createCallMachine(() => new Promise((resolve) => (answer = resolve)))).start();
    const api = callApi(call);
    api.place({ ...input, phone: '12' });
    expect(callSelectors.state(call.getSnapshot())).toBe('idle');
    api.place(input);
    expect(callSelectors.state(call.getSnapshot())).toBe('loading');
    expect(callSelectors.called(call.getSnapshot())).toBe(input.phone);
    expect(callSelectors.streamKey(call.getSnapshot())).toBeNull();
    answer({ uuid: 'u-1', status: 'active', stream_key: 'call-u-1' } as PlacedCall);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(callSelectors.streamKey(call.getSnapshot())).toBe('call-u-1');
    api.reset();
    expect(callSelectors.state(call.getSnapshot())).toBe('idle');
  });
});
