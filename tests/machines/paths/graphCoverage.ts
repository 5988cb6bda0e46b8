import type { AnyStateMachine, EventObject } from 'xstate';
import type { AdjacencyMap, AdjacencyValue } from 'xstate/graph';
import type { OperationFailure } from '../../../src/machines/operation';

/** Every state node of a machine by its key path ('signedIn', 'list.loading'), atomic or not. */
export function stateKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const walk = (node: AnyStateMachine['root'], prefix: string) => {
    for (const [key, child] of Object.entries(node.states)) {
      const path = prefix ? `${prefix}.${key}` : key;
      keys.push(path);
      walk(child, path);
    }
  };
  walk(machine.root, '');
  return keys;
}

/** The ids of each state's invoked actors: their `xstate.done.actor.<id>` / `xstate.error.actor.<id>` are events too. */
export function invokeIds(machine: AnyStateMachine): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [key, node] of Object.entries(machine.root.states)) {
    const invoke = node.invoke[0];
    if (invoke) ids[key] = invoke.id;
  }
  return ids;
}

/**
 * The (state, event type) pairs the machine itself handles: its own `on` and invoke outcomes,
 * eventless transitions left out. A path test must take each of them at least once.
 */
export function handledPairs(machine: AnyStateMachine): string[] {
  const pairs: string[] = [];
  for (const [key, node] of Object.entries(machine.root.states)) {
    for (const type of node.ownEvents) if (type !== '') pairs.push(`${key} ${type}`);
  }
  return pairs;
}

export function done(id: string, output?: unknown): EventObject {
  return { type: `xstate.done.actor.${id}`, output } as EventObject;
}

export function failed(id: string, error: unknown): EventObject {
  return { type: `xstate.error.actor.${id}`, error } as EventObject;
}

/** What a parent of THE operation family hears when its child `kind` answers (operation.ts `defineOperations`). */
export function reportSucceeded(kind: string, output?: unknown): EventObject {
  return { type: 'operation.report.succeeded', kind, output } as EventObject;
}

/** … and when it fails: the failure as the child stores it (`failureOf` with the child's own summary). */
export function reportFailed(kind: string, error: OperationFailure): EventObject {
  return { type: 'operation.report.failed', kind, error } as EventObject;
}

/** The adjacency map's vertices (its keys are branded strings, which Object.values does not type). */
export function vertices<S, E>(adjacency: AdjacencyMap<S, E>): AdjacencyValue<S, E>[] {
  return Object.values(adjacency as Record<string, AdjacencyValue<S, E>>);
}

export function edges<S, E>(vertex: AdjacencyValue<S, E>): { event: E; state: S }[] {
  return Object.values(vertex.transitions as Record<string, { event: E; state: S }>);
}
