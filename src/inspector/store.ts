import type { AnyEventObject } from 'xstate';
import { actorLabel, isAlive, type InspectedActor } from './actors';
import type { Recorded, Recorder } from './recorder';

export interface LogEntry {
  seq: number;
  at: number;
  source: string;
  target: string;
  targetSession: string;
  /** The target's systemId: only these actors can be reached again by a replayed walk. */
  targetSystemId: string | undefined;
  /** The event as sent (not redacted: the panel redacts what it shows and saves). */
  event: AnyEventObject;
  /** Sent from outside the system (a view, the walk buttons): what a walk records. */
  external: boolean;
  /** The target's state value (or status, for non-machine actors) after the event. */
  state?: unknown;
}

const LOG_CAP = 5000;

/**
 * The inspector's model of the system, fed by the recorder (history from boot, then live):
 * every actor that registered, and the event log with each event's resulting state.
 */
export class InspectorStore {
  readonly log: LogEntry[] = [];
  private readonly actorsBySession = new Map<string, InspectedActor>();
  // The snapshot that an event produced carries the very same event object.
  private readonly pending = new WeakMap<object, LogEntry[]>();
  private readonly listeners = new Set<() => void>();
  private seq = 0;
  private version = 0;
  private scheduled = false;
  private readonly unlisten: () => void;

  constructor(
    readonly root: InspectedActor,
    recorder: Recorder,
  ) {
    this.actorsBySession.set(root.sessionId, root);
    for (const recorded of recorder.log) this.ingest(recorded);
    this.unlisten = recorder.listen((recorded) => {
      this.ingest(recorded);
      this.changed();
    });
  }

  dispose(): void {
    this.unlisten();
    this.listeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getVersion = (): number => this.version;

  /** Every actor ever seen plus the root's current children (the recorder's cap may have dropped some registrations). */
  actors(): InspectedActor[] {
    const all = new Map(this.actorsBySession);
    const visit = (actor: InspectedActor) => {
      const children = (actor.getSnapshot() as { children?: Record<string, InspectedActor | undefined> }).children ?? {};
      for (const child of Object.values(children)) {
        if (child && !all.has(child.sessionId)) {
          all.set(child.sessionId, child);
          visit(child);
        }
      }
    };
    visit(this.root);
    return [...all.values()];
  }

  actorBySession(sessionId: string): InspectedActor | undefined {
    return this.actorsBySession.get(sessionId) ?? this.actors().find((actor) => actor.sessionId === sessionId);
  }

  /**
   * The actor with this systemId now (a fresh portal has new actors under the same names): the
   * running one before one that stopped (a page's flow comes back as a new actor on its next visit).
   */
  actorBySystemId(systemId: string): InspectedActor | undefined {
    const registered = this.root.system.get(systemId) as InspectedActor | undefined;
    if (registered) return registered;
    const named = this.actors().filter((actor) => actor.systemId === systemId);
    return named.find(isAlive) ?? named[0];
  }

  private changed(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Bursts of events (a sign-in is a dozen) re-render the panel once.
    queueMicrotask(() => {
      this.scheduled = false;
      this.version += 1;
      this.listeners.forEach((listener) => listener());
    });
  }

  private ingest({ at, event }: Recorded): void {
    const actor = event.actorRef as InspectedActor;
    if (event.type === '@xstate.actor') {
      this.actorsBySession.set(actor.sessionId, actor);
    } else if (event.type === '@xstate.event') {
      const source = event.sourceRef as InspectedActor | undefined;
      const entry: LogEntry = {
        seq: ++this.seq,
        at,
        source: actorLabel(source),
        target: actorLabel(actor),
        targetSession: actor.sessionId,
        targetSystemId: actor.systemId,
        event: event.event,
        external: source === undefined,
      };
      this.log.push(entry);
      if (this.log.length > LOG_CAP) this.log.splice(0, this.log.length - LOG_CAP);
      const list = this.pending.get(event.event) ?? [];
      list.push(entry);
      this.pending.set(event.event, list);
    } else if (event.type === '@xstate.snapshot') {
      const list = this.pending.get(event.event);
      const entry = list?.find((candidate) => candidate.targetSession === actor.sessionId && candidate.state === undefined);
      if (entry) {
        const snapshot = event.snapshot as { value?: unknown; status?: string };
        entry.state = snapshot.value !== undefined ? snapshot.value : snapshot.status;
      }
    }
  }
}
