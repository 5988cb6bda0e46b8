import type { ResourceRecord } from '../../../api/resources';
import { useCan, useNavigate } from '../../PortalContext';
import type { ResourceRequest } from '../../../machines/resource';
import { resourceApi, storedRecord } from '../../../machines/resource.api';
import { useActorApi } from '../../actors/useActorApi';
import { useResource, useResourceOperation } from '../../actors/useResource';
import { useRequest } from '../../common/useOperation';
import { ActionPanel, Outcome } from './ActionPanel';

/** SPEC §7: POST /v1/agents/{id}/duplicate, then open the copy. */
export function AgentActions({ agent }: { agent: ResourceRecord }) {
  const agents = useResource('agents');
  const duplicate = useResourceOperation(agents, 'duplicate');
  const canAdd = useCan('Agents', 'add');
  const navigate = useNavigate();
  const agents$ = useActorApi(agents, resourceApi);
  const request = useRequest<ResourceRequest>(agents$.operationOf('duplicate'), {
    succeeded: () => {
      const copy = storedRecord(agents$.outputOf('duplicate'));
      if (copy) navigate.go(`/agents/${copy.id}`);
    },
  });
  if (!canAdd) return null;
  return (
    <ActionPanel title="Agent actions">
      <button
        type="button"
        className="button"
        disabled={duplicate.loading}
        onClick={() => request.ask(() => agents$.runAction('duplicate', agent.id))}
      >
        Duplicate agent
      </button>
      <Outcome op={duplicate} success="Agent duplicated." />
    </ActionPanel>
  );
}
