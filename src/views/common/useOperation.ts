import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import { operationOf, operationState, type OperationActor, type OperationFailure, type OperationSnapshot, type OperationState } from '../../machines/operation';

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
