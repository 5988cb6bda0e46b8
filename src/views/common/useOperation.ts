import { useSelector } from '@xstate/react';
import { statusCode, type OperationActor, type OperationFailure, type OperationSnapshot, type OperationStatusCode } from '../../machines/operation';

/**
 * An operation as a view reads it: its state by name (idle, loading, succeeded, failed), its
 * output and failure. `status` keeps SPEC §4's number for the few places that show it.
 */
export interface OperationView<T = unknown> {
  status: OperationStatusCode;
  idle: boolean;
  loading: boolean;
  succeeded: boolean;
  failed: boolean;
  output: T | undefined;
  error: OperationFailure | null;
  /** What the running call reported so far (downloads: DownloadProgress). */
  progress: unknown;
}

const selectStatus = (s: OperationSnapshot) => statusCode(s);
const selectOutput = (s: OperationSnapshot) => s.context.output;
const selectError = (s: OperationSnapshot) => s.context.error;
const selectProgress = (s: OperationSnapshot) => s.context.progress;

/** THE hook over an operation actor: each part selected on its own (small re-renders). */
export function useOperation<T = unknown>(operation: OperationActor): OperationView<T> {
  const status = useSelector(operation, selectStatus);
  const output = useSelector(operation, selectOutput) as T | undefined;
  const error = useSelector(operation, selectError);
  const progress = useSelector(operation, selectProgress);
  return { status, idle: status === 0, loading: status === 1, succeeded: status === 2, failed: status === 3, output, error, progress };
}
