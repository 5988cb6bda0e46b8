import type { PlaceCallInput } from '../api/calls';
import { callState, type CallActor, type CallSnapshot } from './call';

/** The outbound call's named API (the `flow:outboundCall` actor). Pure: views memoise it with `useActorApi(call, callApi)`. */
export function callApi(call: CallActor) {
  return {
    place: (input: PlaceCallInput) => call.send({ type: 'call.place', input }),
    reset: () => call.send({ type: 'call.reset' }),
  };
}

export type CallActorApi = ReturnType<typeof callApi>;

/** Reads of the call for `useSelector`: its state by name, never a state value. */
export const callSelectors = {
  state: (s: CallSnapshot) => callState(s),
  error: (s: CallSnapshot) => s.context.error,
  /** The number being (or last) called. */
  called: (s: CallSnapshot) => s.context.input?.phone ?? '',
  /** The stream its progress arrives on, once placed. */
  streamKey: (s: CallSnapshot) => s.context.output?.stream_key ?? null,
};
