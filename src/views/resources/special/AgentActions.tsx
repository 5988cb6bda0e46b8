import type { ResourceRecord } from '../../../api/resources';
import { useCan, useNavigate } from '../../PortalContext';
import { useRequest, useResourceOperation, useResource } from '../useResource';
import { ActionPanel, Outcome } from './ActionPanel';

/** SPEC §7: POST /v1/agents/{id}/duplicate, then open the copy. */
export function AgentActions({ agent }: { agent: ResourceRecord }) {
  const agents = useResource('agents');
  const duplicate = useResourceOperation(agents, 'duplicate');
  const canAdd = useCan('Agents', 'add');
  const navigate = useNavigate();
  const request = useRequest(agents);
  if (!canAdd) return null;
  return (
    <ActionPanel title="Agent actions">
      <button
        type="button"
        className="button"
        disabled={duplicate.loading}
        onClick={() => {
          request.send({ type: 'resource.action', name: 'duplicate', input: agent.id }, {
            succeeded: (output) => {
              const copy = output as ResourceRecord | null | undefined;
              if (copy?.id) navigate.go(`/agents/${copy.id}`);
            },
          });
        }}
      >
        Duplicate agent
      </button>
      <Outcome op={duplicate} success="Agent duplicated." />
    </ActionPanel>
  );
}
