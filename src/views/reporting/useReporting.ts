import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { openReporting, type ReportingActors } from '../../machines/areas';
import { statusCode, type OperationActor, type OperationFailure, type OperationSnapshot, type OperationStatusCode } from '../../machines/operation';
import { usePortal } from '../PortalContext';

/** The system's reporting actors, spawned on the first reporting page of a session. */
export function useReporting(): ReportingActors {
  const portal = usePortal();
  return useMemo(() => openReporting(portal), [portal]);
}

export interface OperationView<T> {
  status: OperationStatusCode;
  loading: boolean;
  output: T | undefined;
  error: OperationFailure | null;
  /** What the running call reported so far (downloads: DownloadProgress). */
  progress: unknown;
}

const selectStatus = (s: OperationSnapshot) => statusCode(s);
const selectOutput = (s: OperationSnapshot) => s.context.output;
const selectError = (s: OperationSnapshot) => s.context.error;
const selectProgress = (s: OperationSnapshot) => s.context.progress;

/** An operation's status, output and failure, each selected on its own (small re-renders). */
export function useOperation<T>(operation: OperationActor): OperationView<T> {
  const status = useSelector(operation, selectStatus);
  const output = useSelector(operation, selectOutput) as T | undefined;
  const error = useSelector(operation, selectError);
  const progress = useSelector(operation, selectProgress);
  return { status, loading: status === 1, output, error, progress };
}

/** The global account filter: statistics are scoped by it, so pages reload when it changes. */
export function useAccountId(): string | null {
  return useSelector(usePortal().accountFilter, (s) => s.context.accountId);
}

/** The page's query string as URLSearchParams (the URL is the list state). */
export function useSearchParams(): URLSearchParams {
  return new URLSearchParams(useSearch());
}
