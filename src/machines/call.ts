import { and, assign, enqueueActions, not, sendTo, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PlaceCallInput, PlacedCall } from '../api/calls';
import { defineOperations, OperationStatus, type OperationFailure, type OperationFamily, type OperationState, type OperationStatusCode, type ReportOf } from './operation';
import { phoneDigits } from '../format/phone';

/** SPEC §9: the outbound call request shows its loading state for 5000 ms. */
export const CALL_LOADING_MS = 5000;

/** SPEC §5: fewer than 10 digits is an invalid phone number; 15 is E.164's longest. */
export function isCallablePhone(phone: string): boolean {
  const digits = phoneDigits(phone);
  return digits.length >= 10 && digits.length <= 15;
}

export interface CallContext {
  input: PlaceCallInput | null;
  output: PlacedCall | null;
  error: OperationFailure | null;
  /** The 5 s minimum has passed. */
  elapsed: boolean;
}

/** The call's one operation (THE operation family): its result type comes from the API's call. */
function callOperations(placeCall: (input: PlaceCallInput, signal: AbortSignal) => Promise<PlacedCall>) {
  return defineOperations({ place: { summary: 'Error Placing Call', call: placeCall } }, () => 'flow:outboundCall:place');
}
type CallOperations = ReturnType<typeof callOperations> extends OperationFamily<infer S> ? S : never;

export type CallEvent = { type: 'call.place'; input: PlaceCallInput } | { type: 'call.reset' } | ReportOf<CallOperations>;

/**
 * An outbound call request: idle 0 → loading 1 → success 2 | failed 3. Loading lasts 5 s even
 * when the API answers sooner (SPEC §4), longer if it is slower; a failure shows at once. The
 * request itself is THE operation (its `place` child); this machine keeps only the 5 s rule.
 */
export function createCallMachine(placeCall: (input: PlaceCallInput, signal: AbortSignal) => Promise<PlacedCall>) {
  const operations = callOperations(placeCall);
  return setup({
    types: { context: {} as CallContext, events: {} as CallEvent },
    actors: operations.actors,
    delays: { callLoading: CALL_LOADING_MS },
    guards: {
      'phone is callable': ({ event }) => event.type === 'call.place' && isCallablePhone(event.input.phone) && event.input.instanceId !== '',
      'loading time is over': ({ context }) => context.elapsed,
    },
  }).createMachine({
    id: 'call',
    context: { input: null, output: null, error: null, elapsed: false },
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    initial: 'idle',
    on: {
      // One call at a time: a new one only once the previous request has settled.
      'call.place': {
        guard: and(['phone is callable', not(stateIn('loading'))]),
        target: '.loading',
        actions: [assign({ input: ({ event }) => event.input }), sendTo('place', ({ event }) => operations.start('place', event.input))],
      },
      // Back to idle: a request in flight is stopped (its operation resets).
      'call.reset': { target: '.idle', actions: [assign({ input: null, output: null, error: null, elapsed: false }), enqueueActions(({ enqueue }) => operations.reset(enqueue))] },
    },
    states: {
      idle: {},
      loading: {
        entry: assign({ elapsed: false, error: null, output: null }),
        after: { callLoading: { actions: assign({ elapsed: true }) } },
        initial: 'requesting',
        states: {
          requesting: {
            on: {
              'operation.report.succeeded': { target: 'placed', actions: assign({ output: ({ event }) => event.output }) },
              'operation.report.failed': { target: '#call.failed', actions: assign({ error: ({ event }) => event.error }) },
            },
          },
          placed: { always: { guard: 'loading time is over', target: '#call.success' } },
        },
      },
      success: {},
      failed: {},
    },
  });
}

export type CallActor = ActorRefFrom<ReturnType<typeof createCallMachine>>;
export type CallSnapshot = SnapshotFrom<ReturnType<typeof createCallMachine>>;

/** The call's state by name, as views read it (the operation's names). */
export function callState(snapshot: Pick<CallSnapshot, 'matches'>): OperationState {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('success')) return 'succeeded';
  if (snapshot.matches('failed')) return 'failed';
  return 'idle';
}

/** SPEC §4's code of the call's state (for SPEC and tests). */
export function callStatus(snapshot: Pick<CallSnapshot, 'matches'>): OperationStatusCode {
  return { idle: OperationStatus.idle, loading: OperationStatus.loading, succeeded: OperationStatus.success, failed: OperationStatus.failed }[callState(snapshot)];
}
