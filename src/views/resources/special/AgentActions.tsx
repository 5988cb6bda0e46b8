import type { ResourceRecord } from '../../../api/resources';
import { useCan, useNavigate } from '../../PortalContext';
import { storedRecord } from '../../../machines/resource.api';
import { useRequest, useResourceApi, useResourceOperation, useResource } from '../../actors/useResource';
import { ActionPanel, Outcome } from './ActionPanel';

/** SPEC §7: POST /v1/agents/{id}/duplicate, then open the copy. */
export function AgentActions({ agent }: { agent: ResourceRecord }) {
  const agents = useResource('agents');
  const duplicate = useResourceOperation(agents, 'duplicate');
  const canAdd = useCan('Agents', 'add');
  const navigate = useNavigate();
  const { runAction } = useResourceApi(agents);
  const request = useRequest();
  if (!canAdd) return null;
  return (
    <ActionPanel title="Agent actions">
      <button
        type="button"
        className="button"
        disabled={duplicate.loading}
        onClick={() => {
          runAction('duplicate', agent.id, request.track({
            succeeded: (output) => {
              const copy = storedRecord(output);
              if (copy) navigate.go(`/agents/${copy.id}`);
            },
          }));
        }}
      >
        Duplicate agent
      </button>
      <Outcome op={duplicate} success="Agent duplicated." />
    </ActionPanel>
  );
}
