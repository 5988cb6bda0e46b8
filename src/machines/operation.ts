import { assign, emit, fromPromise, sendParent, setup, type ActorRefFrom, type AnyActorRef, type ErrorActorEvent, type EventObject, type SnapshotFrom, type Subscription } from 'xstate';
import { ApiError, isMissingFeature, toApiError } from '../api/errors';

/** SPEC §4: every operation's status as a number. */
export const OperationStatus = { idle: 0, loading: 1, success: 2, failed: 3 } as const;
export type OperationStatusCode = (typeof OperationStatus)[keyof typeof OperationStatus];

export interface OperationFailure {
  summary: string;
  /** SPEC §8's error text: the joined errors map, or 'API Error, please try again.'. */
  detail: string;
  /** The server's error detail (its message, or what came back instead of what SPEC promises). */
  serverDetail?: string;
  status: number;
  fieldErrors: Record<string, string[]>;
}

export interface OperationContext {
  /** SPEC §8 summary stored with a failure, e.g. "Error Loading Bots". */
  summary: string;
  input: unknown;
  output: unknown;
  error: OperationFailure | null;
  /** What a running call reported of its progress (e.g. a download's rows so far); cleared on start. */
  progress: unknown;
}

export type OperationEvent =
  | { type: 'operation.start'; input?: unknown }
  | { type: 'operation.reset' }
  /** From the running call itself (createOperation's `report`). */
  | { type: 'operation.progress'; progress: unknown };

export type OperationEmitted =
  | { type: 'operation.succeeded'; output: unknown; input: unknown }
  | { type: 'operation.failed'; error: OperationFailure; input: unknown };

/** What a parent holding several operations hears from each (its `kind` is the child's id). */
export type OperationReport =
  | { type: 'operation.report.succeeded'; kind: string; output: unknown; input: unknown }
  | { type: 'operation.report.failed'; kind: string; error: OperationFailure; input: unknown };

export interface OperationInput {
  summary: string;
}

export function failureOf(error: unknown, summary: string): OperationFailure {
  const apiError = error instanceof ApiError ? error.withSummary(summary) : toApiError(error, summary);
  return {
    summary: apiError.summary,
    detail: apiError.detail,
    // With an errors map the text already is the server's own words; its summary message adds nothing.
    ...(apiError.serverDetail && Object.keys(apiError.fieldErrors).length === 0 ? { serverDetail: apiError.serverDetail } : {}),
    status: apiError.status,
    fieldErrors: apiError.fieldErrors,
  };
}

/**
 * THE onError of a beyond-SPEC feature's call (docs: detected on first use): a 404 or 405 says
 * the backend has no such call, so the machine goes to `unavailable` and the feature hides
 * quietly; any other failure goes to `failed` with SPEC §8's `summary` in `context.error`.
 */
export function unavailableOrFailed<C extends { error: OperationFailure | null }, E extends EventObject>(targets: { unavailable: string; failed: string }, summary: string) {
  return [
    { guard: ({ event }: { event: ErrorActorEvent }) => isMissingFeature(event.error), target: targets.unavailable },
    { target: targets.failed, actions: assign<C, ErrorActorEvent, undefined, E, never>(({ event }) => ({ error: failureOf(event.error, summary) }) as Partial<C>) },
  ];
}

/**
 * THE operation statechart: idle 0 → loading 1 → success 2 | failed 3. The call itself is the
 * `run` actor, provided per use. Starting again while loading re-enters `loading`, which stops
 * the running call (its signal aborts the request), so a stale response never wins.
 */
export const operationMachine = setup({
  types: {
    context: {} as OperationContext,
    events: {} as OperationEvent,
    input: {} as OperationInput,
    emitted: {} as OperationEmitted,
    tags: {} as 'busy' | 'failed' | 'succeeded',
  },
  actors: {
    run: fromPromise<unknown, unknown>(async () => {
      throw new Error('operation: no `run` actor provided');
    }),
  },
  // An operation on its own keeps its output and tells only its listeners (`emit`). One held by a
  // parent reports to the parent, which keeps THE copy (defineOperations provides these: reportToParent).
  actions: {
    keepOutput: assign((_, params: { output: unknown }) => ({ output: params.output })),
    reportSucceeded: (_, _params: { output: unknown }) => {},
    reportFailed: () => {},
  },
}).createMachine({
  id: 'operation',
  context: ({ input }) => ({ summary: input.summary, input: undefined, output: undefined, error: null, progress: undefined }),
  initial: 'idle',
  on: {
    'operation.start': { target: '.loading', reenter: true, actions: assign({ input: ({ event }) => event.input }) },
    // SPEC §4 init: back to idle with record and list cleared.
    'operation.reset': { target: '.idle', actions: assign({ input: undefined, output: undefined, error: null, progress: undefined }) },
  },
  states: {
    idle: {},
    loading: {
      tags: ['busy'],
      entry: assign({ error: null, progress: undefined }),
      on: { 'operation.progress': { actions: assign({ progress: ({ event }) => event.progress }) } },
      invoke: {
        src: 'run',
        input: ({ context }: { context: OperationContext }) => context.input,
        onDone: {
          target: 'success',
          actions: [
            { type: 'keepOutput', params: ({ event }) => ({ output: event.output }) },
            emit(({ event, context }) => ({ type: 'operation.succeeded' as const, output: event.output, input: context.input })),
            { type: 'reportSucceeded', params: ({ event }) => ({ output: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event, context }) => failureOf(event.error, context.summary) }),
            emit(({ context }: { context: OperationContext }) => ({ type: 'operation.failed' as const, error: context.error!, input: context.input })),
            'reportFailed',
          ],
        },
      },
    },
    success: { tags: ['succeeded'] },
    failed: { tags: ['failed'] },
  },
});

export type OperationActor = ActorRefFrom<typeof operationMachine>;
export type OperationSnapshot = SnapshotFrom<typeof operationMachine>;

type Call<I, O> = (input: I, signal: AbortSignal, report: (progress: unknown) => void) => Promise<O>;

/** The `run` actor of a call: `report(progress)` reaches the operation running it. */
function runOf(callOf: (operation: AnyActorRef) => Call<unknown, unknown>) {
  return fromPromise<unknown, unknown>(({ input, signal, self }) => {
    const operation = self._parent!;
    return callOf(operation)(input, signal, (progress) => {
      // A report after a cancel (aborted) is dropped.
      if (!signal.aborted) operation.send({ type: 'operation.progress', progress });
    });
  });
}

/** An operation whose call is `call(input, signal, report)`; `report(progress)` updates context.progress while it runs. */
export function createOperation<I, O>(call: Call<I, O>) {
  return operationMachine.provide({ actors: { run: runOf(() => call as Call<unknown, unknown>) } });
}

/**
 * How an operation held by a parent machine (resource, relation …) reports: its outcomes go
 * straight to the parent as `operation.report.*` with the child's id as `kind`. The parent keeps
 * the output (one copy of each record and list); the operation keeps its state, input and failure.
 */
const reportToParent = {
  keepOutput: () => {},
  reportSucceeded: sendParent(({ self, context }: { self: AnyActorRef; context: OperationContext }, params: { output: unknown }) => ({ type: 'operation.report.succeeded', kind: self.id, output: params.output, input: context.input })),
  reportFailed: sendParent(({ self, context }: { self: AnyActorRef; context: OperationContext }) => ({ type: 'operation.report.failed', kind: self.id, error: context.error!, input: context.input })),
};

/** One operation of a family: its call (input → output, typed) and SPEC §8's summary of its failure. */
export interface OperationSpec<I = never, O = unknown> {
  call: (input: I, signal: AbortSignal, report: (progress: unknown) => void) => Promise<O>;
  summary: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a spec's input is whatever its call takes
export type OperationSpecs = Record<string, OperationSpec<any, unknown>>;

/** What each operation of a family answers, inferred from its call. */
export type ResultsOf<S extends OperationSpecs> = { [K in keyof S & string]: Awaited<ReturnType<S[K]['call']>> };
/** What each operation of a family is started with. */
export type InputsOf<S extends OperationSpecs> = { [K in keyof S & string]: Parameters<S[K]['call']>[0] };

/** The reports a family's parent hears, typed per kind: `event.kind === 'list'` narrows `output`. */
export type ReportOf<S extends OperationSpecs> =
  | { [K in keyof S & string]: { type: 'operation.report.succeeded'; kind: K; output: ResultsOf<S>[K]; input: InputsOf<S>[K] } }[keyof S & string]
  | { [K in keyof S & string]: { type: 'operation.report.failed'; kind: K; error: OperationFailure; input: InputsOf<S>[K] } }[keyof S & string];

export interface OperationFamily<S extends OperationSpecs> {
  kinds: readonly (keyof S & string)[];
  /** The children's logic, one per kind, for the parent's `setup({ actors })`. */
  actors: Record<keyof S & string, typeof operationMachine>;
  /** The parent's entry: spawns one child per kind, with id = kind and its systemId. */
  spawnAll: (enqueue: { spawnChild: (src: never, options: { id: string; systemId: string; input: OperationInput }) => unknown }) => void;
  /** The event that starts `kind` with its typed input (send it to the child whose id is `kind`). */
  start: <K extends keyof S & string>(kind: K, input: InputsOf<S>[K]) => { type: 'operation.start'; input: InputsOf<S>[K] };
  /**
   * Back to idle: each of `kinds` (default: every kind) gets `operation.reset` (a call in flight is
   * stopped). The parent drops their results with `withoutResults` (or empties them).
   */
  reset: (enqueue: { sendTo: (to: keyof S & string, event: { type: 'operation.reset' }) => void }, kinds?: readonly (keyof S & string)[]) => void;
}

/** A family parent's results with one report kept (`results[kind] = output`): the parent holds THE copy. */
export function withReport<R extends object>(results: Partial<R>, report: { kind: string; output: unknown }): Partial<R> {
  return { ...results, [report.kind]: report.output } as Partial<R>;
}

/**
 * THE operation family: a parent's operations declared once, `{ kind: { call, summary } }`. Each
 * kind is a child of THE operation statechart (one per family, reportToParent) that reports to the parent;
 * the result and input types come from each call, so the parent's handlers and the views' hook
 * (`useChildOperation`) read them without casts. The parent keeps only its domain rules.
 */
export function defineOperations<S extends OperationSpecs>(specs: S, systemIdOf: (kind: keyof S & string) => string): OperationFamily<S> {
  const kinds = Object.keys(specs) as (keyof S & string)[];
  // One statechart for every kind of the family: each child's id is its kind, which picks its call.
  // (Building a machine costs about half a millisecond; a page opens dozens of operations.)
  const logic = kinds.length > 0 ? operationMachine.provide({ actors: { run: runOf((operation) => specs[operation.id]!.call as Call<unknown, unknown>) }, actions: reportToParent }) : operationMachine;
  const actors = Object.fromEntries(kinds.map((kind) => [kind, logic])) as OperationFamily<S>['actors'];
  return {
    kinds,
    actors,
    spawnAll: (enqueue) => {
      for (const kind of kinds) enqueue.spawnChild(kind as never, { id: kind, systemId: systemIdOf(kind), input: { summary: specs[kind]!.summary } });
    },
    start: (_kind, input) => ({ type: 'operation.start', input }),
    reset: (enqueue, only = kinds) => {
      for (const kind of only) enqueue.sendTo(kind, { type: 'operation.reset' });
    },
  };
}

/** A parent's operation child by kind (the child's id is its kind); throws when it has none. */
export function operationOf(parent: { id: string; getSnapshot(): { children: Record<string, AnyActorRef | undefined> } }, kind: string): OperationActor {
  const child = operationChild(parent, kind);
  if (!child) throw new Error(`${parent.id}: no operation "${kind}"`);
  return child;
}

/** Two requests ask for the same thing (built by the same code, so their keys come in the same order). */
export function sameRequest(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * One sender per first call: a request equal to the one `kind` is running now is that request
 * (the route asked for it a moment ago; a page asking the same is not a second call). Once it
 * has settled, an equal request is a real one again (a retry, a revisit).
 */
export function inFlight(parent: { id: string; getSnapshot(): { children: Record<string, AnyActorRef | undefined> } }, kind: string, input: unknown): boolean {
  const running = operationChild(parent, kind)?.getSnapshot();
  return isCallRunning(running) && sameRequest(running!.context.input, input);
}

/**
 * THE family's one "its call is running" test on any snapshot: an operation (this machine) in
 * `loading`. The inspector's replay reads it too: a flow waiting for its child's report is busy.
 */
export function isCallRunning(snapshot: unknown): boolean {
  const state = snapshot as { status?: string; value?: unknown; machine?: { id?: string } } | undefined;
  return state?.status === 'active' && state.machine?.id === operationMachine.id && state.value === 'loading';
}

/** What became of one request: its call is running, failed or succeeded. */
export type RequestStatus = 'busy' | 'failed' | 'succeeded';

/**
 * What became of one request to a parent of operations (the very event its named sender sent,
 * which is the operation's input): its operation's state, read from the tags, while that request
 * is the operation's input. Null before it is sent and once another request (another view's, or
 * the same view asking again) or a reset took its place: a view sees only its own request, and
 * the inspector shows the same thing (the operation's state and input).
 */
export function requestStatus(operation: Pick<OperationSnapshot, 'context' | 'hasTag'>, request: unknown): RequestStatus | null {
  if (request === null || request === undefined || operation.context.input !== request) return null;
  return operation.hasTag('busy') ? 'busy' : operation.hasTag('failed') ? 'failed' : operation.hasTag('succeeded') ? 'succeeded' : null;
}

/** Why one request failed (see requestStatus), while it is its operation's latest. */
export function requestFailure(operation: Pick<OperationSnapshot, 'context' | 'hasTag'>, request: unknown): OperationFailure | null {
  return requestStatus(operation, request) === 'failed' ? operation.context.error : null;
}

/** A parent's results without those of `kinds` (their operations were reset). */
export function withoutResults<R extends object, K extends keyof R>(results: Partial<R>, kinds: readonly K[]): Partial<R> {
  return Object.fromEntries(Object.entries(results).filter(([kind]) => !kinds.includes(kind as K))) as Partial<R>;
}

/** A parent's operation child by kind (the child's id is its kind). */
export function operationChild(parent: { getSnapshot(): { children: Record<string, AnyActorRef | undefined> } }, kind: string): OperationActor | undefined {
  return parent.getSnapshot().children[kind] as OperationActor | undefined;
}

/** An operation's state by name, as views read it (SPEC §4's code is `statusCode`). */
export type OperationState = 'idle' | 'loading' | 'succeeded' | 'failed';

export function operationState(snapshot: Pick<OperationSnapshot, 'value'>): OperationState {
  return snapshot.value === 'success' ? 'succeeded' : (snapshot.value as Exclude<OperationState, 'succeeded'>);
}

export function statusCode(snapshot: Pick<OperationSnapshot, 'value'>): OperationStatusCode {
  return OperationStatus[snapshot.value as keyof typeof OperationStatus];
}

export interface OutcomeHandlers {
  succeeded?: (output: unknown) => void;
  failed?: (error: OperationFailure) => void;
}

/** What a parent of operations emits when one settles (ResourceEmitted, RelationEmitted): the request is its `input`. */
interface Settled {
  type: string;
  input?: unknown;
  output?: unknown;
  error?: OperationFailure;
}

/**
 * Hears the outcome of one request to a parent of operations: the `<domain>.succeeded` or
 * `<domain>.failed` it emits whose input is that very event object, once. Subscribe before sending.
 */
export function onOutcome(parent: Pick<AnyActorRef, 'on'>, request: { type: string }, handlers: OutcomeHandlers): Subscription {
  const domain = request.type.slice(0, request.type.indexOf('.'));
  const subscription = parent.on('*', (event: Settled) => {
    if (event.input !== request) return;
    if (event.type === `${domain}.succeeded`) {
      subscription.unsubscribe();
      handlers.succeeded?.(event.output);
    } else if (event.type === `${domain}.failed`) {
      subscription.unsubscribe();
      handlers.failed?.(event.error!);
    }
  });
  return subscription;
}
