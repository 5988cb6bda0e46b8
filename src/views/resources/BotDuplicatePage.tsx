import type { RouteViewProps } from '../../route';
import { focusHeadingOnArrival } from '../common/arrivalFocus';
import { LoadingState } from '../common/LoadingState';
import { announce } from '../common/toasts';
import { botWriteOutcome } from './special/botOutcomes';
import { OperationError } from '../common/OperationError';
import { RecordLoadError } from './RecordLoadError';
import { useNavigate } from '../PortalContext';
import { useRecord } from './useRecord';
import { resourceApi, storedRecord } from '../../machines/resource.api';
import { useActorApi } from '../actors/useActorApi';
import { useRequest } from '../common/useOperation';
import type { ResourceActor, ResourceRequest } from '../../machines/resource';
import './resources.css';

/** /bots/{botId}/duplicate: confirm, POST /v1/bots/{id}/duplicate, then open the copy (`actor`: the bots' resource actor, the route's). */
export default function BotDuplicatePage({ params, actor: bots }: RouteViewProps<ResourceActor>) {
  const id = params.botId ?? '';
  const { record, error, reload } = useRecord(bots, id);
  const navigate = useNavigate();
  const bots$ = useActorApi(bots, resourceApi);
  const name = String(record?.name ?? `#${id}`);
  const duplicate = useRequest<ResourceRequest>(bots$.operationOf('duplicate'), {
    succeeded: () => {
      const copy = storedRecord(bots$.outputOf('duplicate'));
      const to = copy ? `/bots/${copy.id}` : '/bots';
      announce(botWriteOutcome('duplicate', copy, name));
      focusHeadingOnArrival(to);
      navigate.go(to, true);
    },
  });

  if (error && !record) return <RecordLoadError section="bots" error={error} onRetry={reload} />;
  if (!record) return <LoadingState label="Loading bot…" />;
  return (
    <section className="page">
      <h1>Duplicate {name}</h1>
      <p>A copy of this bot, with its agents, will be created in the same account.</p>
      <OperationError error={duplicate.failure} />
      <div className="page-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={duplicate.busy}
          onClick={() => duplicate.ask(() => bots$.runAction('duplicate', id))}
        >
          {duplicate.busy ? 'Duplicating…' : 'Duplicate bot'}
        </button>
        <button type="button" className="button" onClick={() => navigate.back('bots')}>
          Cancel
        </button>
      </div>
    </section>
  );
}
