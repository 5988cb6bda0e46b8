import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { actorLabel, actorTree, formatValue, machineOf, operationStatus } from './actors';
import { ActorTree } from './ActorTree';
import { ContextTree } from './ContextTree';
import { Diagram } from './Diagram';
import { EventLog } from './EventLog';
import type { Recorder } from './recorder';
import { ReplayControls } from './ReplayControls';
import { StatelyButton } from './StatelyButton';
import { readPanelState, writePanelState } from './panelState';
import type { InspectorStore } from './store';
import { WalkControls } from './WalkControls';
import './inspector.css';

const STATUS_NAMES = ['idle', 'loading', 'success', 'failed'];

/** The machine inspector: a non-modal side panel, so the portal stays usable while it is open. */
export function InspectorPanel({ store, recorder, onClose }: { store: InspectorStore; recorder?: Recorder; onClose: () => void }) {
  useSyncExternalStore(store.subscribe, store.getVersion);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const actors = store.actors();
  // The selection is kept by name: after a reload, or when the actor is replaced by a new one
  // under the same systemId, the same flow stays selected.
  const [selectedName, setSelectedName] = useState<string>(() => readPanelState().selected ?? 'auth');
  const [selectedSession, setSelectedSession] = useState<string | undefined>(undefined);
  const select = (sessionId: string) => {
    const actor = store.actorBySession(sessionId);
    if (!actor) return;
    const label = actorLabel(actor);
    setSelectedName(label);
    setSelectedSession(sessionId);
    writePanelState({ selected: label });
  };

  useEffect(() => headingRef.current?.focus(), []);

  const bySession = selectedSession ? store.actorBySession(selectedSession) : undefined;
  const alive = bySession && (bySession.getSnapshot() as { status?: string }).status === 'active' ? bySession : undefined;
  const selected = alive ?? store.actorBySystemId(selectedName) ?? actors.find((actor) => actorLabel(actor) === selectedName) ?? store.root;
  const snapshot = selected.getSnapshot() as { value?: unknown; status?: string; context?: unknown };
  const machine = machineOf(selected);
  const code = operationStatus(selected);
  const name = actorLabel(selected);
  const actorNames = [...new Set(actors.map((actor) => actorLabel(actor)))].sort();

  return (
    <aside
      className="inspector-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {/* Not <header>: inside the dialog it would read as a second page banner. */}
      <div className="inspector-header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          Machine inspector
        </h2>
        <button type="button" className="button" onClick={onClose}>
          Close inspector
        </button>
      </div>
      <div className="inspector-body">
        <section className="inspector-section" aria-label="Live actors">
          <h3>Actors</h3>
          <ActorTree roots={actorTree(actors)} selected={selected.sessionId} onSelect={select} />
        </section>
        <section className="inspector-section" aria-label={`Selected actor ${name}`}>
          <h3>{name}</h3>
          <dl className="inspector-facts">
            <dt>Current state</dt>
            <dd data-testid="current-state">{snapshot.value !== undefined ? formatValue(snapshot.value) : snapshot.status}</dd>
            {code !== undefined && (
              <>
                <dt>Status code</dt>
                <dd>
                  {code} ({STATUS_NAMES[code]})
                </dd>
              </>
            )}
          </dl>
          {snapshot.context !== undefined && <ContextTree context={snapshot.context} />}
        </section>
        {machine && (
          <section className="inspector-section" aria-label={`Statechart of ${name}`}>
            <h3>Statechart</h3>
            <Diagram machine={machine} value={snapshot.value} label={`Statechart of ${name}`} />
          </section>
        )}
        <WalkControls key={selected.sessionId} actor={selected} />
        <EventLog log={store.log} actorNames={actorNames} />
        <ReplayControls resolveActor={(systemId) => store.actorBySystemId(systemId)} />
        {recorder && <StatelyButton recorder={recorder} />}
      </div>
    </aside>
  );
}
