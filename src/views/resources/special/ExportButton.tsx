import type { Query } from '../../../api/query';
import type { ResourceActor } from '../../../machines/resource';
import { resourceApi } from '../../../machines/resource.api';
import { useActorApi } from '../../actors/useActorApi';
import { OperationError } from '../../common/OperationError';
import { useResourceOperation } from '../../actors/useResource';

/** Downloads the list with its current filters and only its visible `columns`; the file keeps the server's name. */
export function ExportButton({ resource, query, columns, label }: { resource: ResourceActor; query: Query; columns?: string[]; label: string }) {
  const exporting = useResourceOperation(resource, 'export');
  const named = useActorApi(resource, resourceApi);
  return (
    <div className="export">
      <button type="button" className="button" disabled={exporting.loading} onClick={() => named.export(query, columns)}>
        {exporting.loading ? 'Exporting…' : label}
      </button>
      <span role="status" className="visually-hidden">
        {exporting.succeeded && typeof exporting.output === 'string' ? `Downloaded ${exporting.output}` : ''}
      </span>
      <OperationError error={exporting.failed ? exporting.error : null} />
    </div>
  );
}
