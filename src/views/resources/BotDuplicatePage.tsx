import type { RouteViewProps } from '../../route';
import { focusHeadingOnArrival } from '../common/arrivalFocus';
import { LoadingState } from '../common/LoadingState';
import { announce } from '../common/toasts';
import { botWriteOutcome } from './special/botOutcomes';
import { OperationError } from '../common/OperationError';
import { RecordLoadError } from './RecordLoadError';
import { useNavigate } from '../PortalContext';
import { useRecord } from './useRecord';
import { storedRecord } from '../../machines/resource.api';
import { useRequest, useResourceApi, useResourceOperation } from '../actors/useResource';
import type { ResourceActor } from '../../machines/resource';
import './resources.css';

/** /bots/{botId}/duplicate: confirm, POST /v1/bots/{id}/duplicate, then open the copy (`actor`: the bots' resource actor, the route's). */
export default function BotDuplicatePage({ params, actor: bots }: RouteViewProps<ResourceActor>) {
  const id = params.botId ?? '';
  const { record, error, reload } = useRecord(bots, id);
  const duplicate = useResourceOperation(bots, 'duplicate');
  const navigate = useNavigate();
  const { runAction } = useResourceApi(bots);
  const request = useRequest();

  if (error && !record) return <RecordLoadError section="bots" error={error} onRetry={reload} />;
  if (!record) return <LoadingState label="Loading bot…" />;
  const name = String(record.name ?? `#${id}`);
  return (
    <section className="page">
      <h1>Duplicate {name}</h1>
      <p>A copy of this bot, with its agents, will be created in the same account.</p>
      <OperationError error={request.failure} />
      <div className="page-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={duplicate.loading}
          onClick={() => {
            runAction('duplicate', id, request.track({
              succeeded: (output) => {
                const copy = storedRecord(output);
                const to = copy ? `/bots/${copy.id}` : '/bots';
                announce(botWriteOutcome('duplicate', copy, name));
                focusHeadingOnArrival(to);
                navigate.go(to, true);
              },
            }));
          }}
        >
          {duplicate.loading ? 'Duplicating…' : 'Duplicate bot'}
        </button>
        <button type="button" className="button" onClick={() => navigate.back('bots')}>
          Cancel
        </button>
      </div>
    </section>
  );
}
