import { useEffect, useRef } from 'react';
import type { ResourceRecord } from '../../../api/resources';
import { useCan, useNavigate } from '../../PortalContext';
import { useResourceOperation, useResource } from '../useResource';
import { ActionPanel, Outcome } from './ActionPanel';

/** SPEC §7: POST /v1/agents/{id}/duplicate, then open the copy. */
export function AgentActions({ agent }: { agent: ResourceRecord }) {
  const agents = useResource('agents');
  const duplicate = useResourceOperation(agents, 'duplicate');
  const canAdd = useCan('Agents', 'add');
  const navigate = useNavigate();
  const asked = useRef(false);
  useEffect(() => {
    const copy = duplicate.output as ResourceRecord | null | undefined;
    if (asked.current && duplicate.succeeded && copy?.id) {
      asked.current = false;
      navigate.go(`/agents/${copy.id}`);
    }
  }, [duplicate.succeeded, duplicate.output, navigate]);
  if (!canAdd) return null;
  return (
    <ActionPanel title="Agent actions">
      <button
        type="button"
        className="button"
        disabled={duplicate.loading}
        onClick={() => {
          asked.current = true;
          agents.send({ type: 'resource.action', name: 'duplicate', input: agent.id });
        }}
      >
        Duplicate agent
      </button>
      <Outcome op={duplicate} success="Agent duplicated." />
    </ActionPanel>
  );
}
