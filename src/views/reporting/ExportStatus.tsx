import type { OperationFailure } from '../../machines/operation';
import { OperationError } from '../common/OperationError';

/** The outcome of a download, announced: its file name, or the failure. */
export function ExportStatus({ status, filename, error }: { status: number; filename: string | undefined; error: OperationFailure | null }) {
  return (
    <>
      <p role="status">
        {status === 1 ? 'Preparing the file…' : status === 2 && filename ? `Downloaded ${filename}` : ''}
      </p>
      <OperationError error={error} />
    </>
  );
}
