import type { RouteViewProps } from '../../route';
import { LoadingState } from '../common/LoadingState';
import { RecordLoadError } from './RecordLoadError';
import { useNavigate } from '../PortalContext';
import { DeleteRecordButton, useLeaveWhenDeleted } from './DeleteRecordButton';
import { useRecord } from './useRecord';
import type { ResourceActor } from '../../machines/resource';
import './resources.css';

/** /accounts/{id}/delete: what goes, then the confirmed delete (`actor`: the accounts' resource actor, the route's). */
export default function AccountDeletePage({ params, actor: accounts }: RouteViewProps<ResourceActor>) {
  const id = params.id ?? '';
  const { record, error, reload } = useRecord(accounts, id);
  const navigate = useNavigate();
  useLeaveWhenDeleted(accounts, id, '/accounts', navigate.go);
  if (error && !record) return <RecordLoadError section={'accounts'} error={error} onRetry={reload} />;
  if (!record) return <LoadingState label="Loading account…" />;
  const name = String(record.name ?? `#${id}`);
  return (
    <section className="page">
      <h1>Delete account {name}</h1>
      <p>Deleting this account removes it and everything scoped to it. This cannot be undone.</p>
      <div className="page-actions">
        <DeleteRecordButton resource={accounts} record={record} title={name} singular="Account" onDeletePage />
        <button type="button" className="button" onClick={() => navigate.back('accounts')}>
          Keep the account
        </button>
      </div>
    </section>
  );
}
