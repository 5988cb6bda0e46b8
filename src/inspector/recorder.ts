import type { InspectionEvent } from 'xstate';

/**
 * Always-loaded half of the machine inspector: buffers the system's inspection events from boot,
 * so the log opened later still starts with the sign-in. Kept tiny (no imports but types): the
 * panel, diagram and replay live in the lazy `src/inspector/**` chunk.
 */
export interface Recorded {
  at: number;
  event: InspectionEvent;
}

export interface Recorder {
  readonly log: Recorded[];
  inspect(event: InspectionEvent): void;
  listen(listener: (recorded: Recorded) => void): () => void;
}

// Actions and microsteps say nothing the log shows; dropping them keeps the buffer small.
const KEPT = ['@xstate.actor', '@xstate.event', '@xstate.snapshot'];

export function createRecorder(cap = 5000): Recorder {
  const log: Recorded[] = [];
  const listeners = new Set<(recorded: Recorded) => void>();
  return {
    log,
    inspect(event) {
      if (!KEPT.includes(event.type)) return;
      const recorded = { at: Date.now(), event };
      if (log.push(recorded) > cap) log.splice(0, log.length - cap);
      listeners.forEach((listener) => listener(recorded));
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
