import type { AnyActorLogic, AnyActorRef } from 'xstate';

/**
 * Areas whose code lives in lazy chunks (chat, resources, reporting, account flows) still put
 * their actors in the one system, so the inspector and tests reach them by systemId. The area's
 * chunk builds the logic (machines/areas.ts) and hands it to the root in this event; the root
 * spawns it once. The root never imports the areas, which keeps their code out of the initial
 * bundle.
 */
export interface RootSpawnEvent {
  type: 'root.spawn';
  systemId: string;
  /** Builds the logic (a function, so a recorded walk serialises without it and a replay skips it). */
  create: () => AnyActorLogic;
  input?: unknown;
  /** `session` (default): lives until the session ends. `page`: released by its page. */
  scope?: 'session' | 'page';
}

/** Stops a page-scoped actor (its page is gone). */
export interface RootReleaseEvent {
  type: 'root.release';
  systemId: string;
}

export interface SystemRoot {
  send(event: RootSpawnEvent | RootReleaseEvent): void;
  system: { get(systemId: string): AnyActorRef | undefined };
}

/** The actor with this systemId, spawned by the root the first time it is asked for. */
export function ensureSystemActor<T extends AnyActorRef>(root: SystemRoot, systemId: string, create: () => AnyActorLogic, input?: unknown, scope: 'session' | 'page' = 'session'): T {
  if (!root.system.get(systemId)) root.send({ type: 'root.spawn', systemId, create, input, scope });
  const actor = root.system.get(systemId);
  if (!actor) throw new Error(`ensureSystemActor: the root did not spawn ${systemId}`);
  return actor as T;
}

export function releaseSystemActor(root: SystemRoot, systemId: string): void {
  root.send({ type: 'root.release', systemId });
}
