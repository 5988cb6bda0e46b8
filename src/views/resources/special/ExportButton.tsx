import type { Query } from '../../../api/query';
import type { ResourceActor } from '../../../machines/resource';
import { OperationError } from '../../common/OperationError';
import { useResourceOperation } from '../useResource';

/** Downloads the list with its current filters; the file keeps the server's name. */
export function ExportButton({ resource, query, label }: { resource: ResourceActor; query: Query; label: string }) {
  const exporting = useResourceOperation(resource, 'export');
  return (
    <div className="export">
      <button type="button" className="button" disabled={exporting.loading} onClick={() => resource.send({ type: 'resource.export', query })}>
        {exporting.loading ? 'Exporting…' : label}
      </button>
      <span role="status" className="visually-hidden">
        {exporting.succeeded && typeof exporting.output === 'string' ? `Downloaded ${exporting.output}` : ''}
      </span>
      <OperationError error={exporting.failed ? exporting.error : null} />
    </div>
  );
}
