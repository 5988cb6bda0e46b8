import type { DownloadProgress } from '../../api/download';
import type { OperationFailure, OperationState } from '../../machines/operation';
import { OperationError } from '../common/OperationError';

const number = new Intl.NumberFormat('en-US');
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * The outcome of a download, announced: its file name, or the failure. While a long download
 * runs (`progress` given), a progress bar shows the rows so far against the announced total and
 * `onCancel` offers to stop it. The bar is not a live region: screen readers hear the start and
 * the end, not every chunk.
 */
export function ExportStatus({
  state,
  filename,
  error,
  progress,
  onCancel,
}: {
  state: OperationState;
  filename: string | undefined;
  error: OperationFailure | null;
  progress?: DownloadProgress | undefined;
  onCancel?: () => void;
}) {
  const running = state === 'loading';
  return (
    <>
      <p role="status">
        {running ? 'Preparing the file…' : state === 'succeeded' && filename ? `Downloaded ${filename}` : ''}
      </p>
      {running && progress && (
        <p className="export-progress">
          <progress aria-label="Export progress" max={progress.totalRows ?? undefined} value={progress.totalRows ? progress.rows : undefined} />{' '}
          <span>
            {number.format(progress.rows)}
            {progress.totalRows !== null ? ` of ${number.format(progress.totalRows)}` : ''} rows ({megabytes(progress.bytes)})
          </span>
        </p>
      )}
      {running && onCancel && (
        <button type="button" className="button" onClick={onCancel}>
          Cancel export
        </button>
      )}
      <OperationError error={error} />
    </>
  );
}
