import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { operationOf, operationState, requestFailure, requestStatus, type OperationActor, type OperationFailure, type OperationSnapshot, type OperationState, type RequestStatus } from '../../machines/operation';

/**
 * An operation as a view reads it: its state by name (idle, loading, succeeded, failed), its
 * output and failure. SPEC §4's numbers stay in the machines and tests.
 */
export interface OperationView<T = unknown> {
  state: OperationState;
  idle: boolean;
  loading: boolean;
  succeeded: boolean;
  failed: boolean;
  output: T | undefined;
  error: OperationFailure | null;
  /** What the running call reported so far (downloads: DownloadProgress). */
  progress: unknown;
}

const selectState = (s: OperationSnapshot) => operationState(s);
const selectOutput = (s: OperationSnapshot) => s.context.output;
const selectError = (s: OperationSnapshot) => s.context.error;
const selectProgress = (s: OperationSnapshot) => s.context.progress;

/** THE hook over an operation actor: each part selected on its own (small re-renders). */
export function useOperation<T = unknown>(operation: OperationActor): OperationView<T> {
  const state = useSelector(operation, selectState);
  const output = useSelector(operation, selectOutput) as T | undefined;
  const error = useSelector(operation, selectError);
  const progress = useSelector(operation, selectProgress);
  return { state, idle: state === 'idle', loading: state === 'loading', succeeded: state === 'succeeded', failed: state === 'failed', output, error, progress };
}

/** A parent of an operation family (statistics, conversation reports): it keeps each operation's result, typed per kind. */
interface ResultsParent<R> {
  id: string;
  getSnapshot(): { context: { results: Partial<R> }; children: Record<string, AnyActorRef | undefined> };
}

/**
 * THE typed hook over an operation of a family (operation.ts defineOperations): its state and
 * failure from the operation, its output from the parent's copy, typed by the operation's call.
 * A failed call shows no output: what the parent kept answered an earlier request (another range,
 * search or record), and rows of another range never show under an error (issue 26 item 8).
 */
export function useChildOperation<R extends object, K extends keyof R & string>(parent: ResultsParent<R> & AnyActorRef, kind: K): OperationView<R[K]> {
  const operation = useMemo(() => operationOf(parent, kind), [parent, kind]);
  const view = useOperation<R[K]>(operation);
  const output = useSelector(parent, (s: { context: { results: Partial<R> } }) => s.context.results[kind]);
  return { ...view, output: view.failed ? undefined : output };
}

/** One view's request, as its operation holds it. */
export interface RequestView<R> {
  /** Sends a request with the actor's named sender (which returns it) and makes it this view's. */
  ask: (send: () => R) => void;
  /** What became of it: busy, failed, succeeded; null before it is sent or once another request took its place. */
  status: RequestStatus | null;
  busy: boolean;
  /** Why it failed (SPEC §8's summary and detail, a 422's field errors). */
  failure: OperationFailure | null;
}

/**
 * THE hook for a view's own request to a parent of operations (a resource's save, a section
 * action): the view keeps only which request is its own; what became of it is the machine's,
 * read from the operation it went to (operation.ts `requestStatus`: the operation's tags while
 * the request is its input), so another view's request of the same kind is never this view's,
 * and the inspector shows what the view shows. `handlers.succeeded(request)` / `failed` run once
 * when it settles while the view is shown; what must happen even if the view has gone (a
 * deletion's announcement with its Undo) is a listener passed to the named sender instead.
 */
export function useRequest<R>(operation: OperationActor, handlers: { succeeded?: (request: R) => void; failed?: (failure: OperationFailure) => void } = {}): RequestView<R> {
  const [request, setRequest] = useState<R | null>(null);
  const status = useSelector(operation, (s) => requestStatus(s, request));
  const failure = useSelector(operation, (s) => requestFailure(s, request));
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (request === null) return;
    if (status === 'succeeded') latest.current.succeeded?.(request);
    else if (status === 'failed' && failure) latest.current.failed?.(failure);
    // Once per outcome of this request (the failure object is the operation's, stable until it asks again).
  }, [request, status, failure]);
  const ask = useCallback((send: () => R) => setRequest(send()), []);
  return { ask, status, busy: status === 'busy', failure };
}
