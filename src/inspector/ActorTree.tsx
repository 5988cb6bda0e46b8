import { actorLabel, formatValue, type ActorNode } from './actors';

function stateOf(node: ActorNode): string {
  const snapshot = node.actor.getSnapshot() as { value?: unknown; status?: string };
  return snapshot.value !== undefined ? formatValue(snapshot.value) : (snapshot.status ?? '');
}

function Branch({ nodes, selected, onSelect }: { nodes: ActorNode[]; selected: string | undefined; onSelect: (sessionId: string) => void }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.actor.sessionId}>
          <button type="button" className="actor-button" aria-current={node.actor.sessionId === selected ? 'true' : undefined} onClick={() => onSelect(node.actor.sessionId)}>
            <span className="actor-name">{actorLabel(node.actor)}</span>
            {node.actor.systemId === undefined && <> <span className="actor-anon">(no systemId)</span></>}{' '}
            <span className="actor-state">{stateOf(node)}</span>
          </button>
          {node.children.length > 0 && <Branch nodes={node.children} selected={selected} onSelect={onSelect} />}
        </li>
      ))}
    </ul>
  );
}

/** The live actors of the system, children nested under their parents. */
export function ActorTree({ roots, selected, onSelect }: { roots: ActorNode[]; selected: string | undefined; onSelect: (sessionId: string) => void }) {
  return (
    <nav className="actor-tree" aria-label="Actors">
      <Branch nodes={roots} selected={selected} onSelect={onSelect} />
    </nav>
  );
}
