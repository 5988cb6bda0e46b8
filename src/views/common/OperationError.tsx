import type { OperationFailure } from '../../machines/operation';

/** A failed operation as SPEC §8 stores it: its summary, then the server's detail (as text). */
export function OperationError({ error, onRetry }: { error: Pick<OperationFailure, 'summary' | 'detail' | 'serverDetail'> | null; onRetry?: () => void }) {
  if (!error) return null;
  return (
    <div className="alert alert-error" role="alert">
      <strong>{error.summary}</strong>
      {error.detail.split('\n').map((line, index) => (
        <p key={index}>{line}</p>
      ))}
      {error.serverDetail && <p className="alert-detail">{error.serverDetail}</p>}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
