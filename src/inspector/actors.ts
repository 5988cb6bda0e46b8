import type { AnyActorRef, AnyStateMachine, StateValue } from 'xstate';
import { OperationStatus, statusCode, type OperationStatusCode } from '../machines/operation';

/** An actor as the inspector sees it: the runtime `Actor` carries its logic and systemId. */
export type InspectedActor = AnyActorRef & { logic?: unknown; systemId?: string };

export interface ActorNode {
  actor: InspectedActor;
  children: ActorNode[];
}

/** How the panel names an actor: its systemId when it has one, else its id. */
export function actorLabel(actor: InspectedActor | undefined): string {
  if (!actor) return 'outside';
  return actor.systemId ?? actor.id;
}

export function machineOf(actor: InspectedActor): AnyStateMachine | undefined {
  const logic = actor.logic as Partial<AnyStateMachine> | undefined;
  return logic && typeof logic === 'object' && 'root' in logic && logic.root ? (logic as AnyStateMachine) : undefined;
}

/**
 * Running now: active, and still a child of its parent machine (an invoked actor whose state was
 * left in the same step was created but never started; its snapshot still says active).
 */
export function isAlive(actor: InspectedActor): boolean {
  if ((actor.getSnapshot() as { status?: string } | undefined)?.status !== 'active') return false;
  const parent = actor._parent as InspectedActor | undefined;
  if (!parent) return true;
  const children = (parent.getSnapshot() as { children?: Record<string, InspectedActor | undefined> }).children;
  return !children || Object.values(children).some((child) => child?.sessionId === actor.sessionId);
}

/** The status code (0–3) when the actor runs THE operation statechart, else undefined. */
export function operationStatus(actor: InspectedActor): OperationStatusCode | undefined {
  const machine = machineOf(actor);
  if (!machine || machine.id !== 'operation') return undefined;
  const value = (actor.getSnapshot() as { value?: StateValue }).value;
  return typeof value === 'string' && value in OperationStatus ? statusCode({ value: value as keyof typeof OperationStatus }) : undefined;
}

/** A state value as one line: `signedIn`, `restoring.fetchingUser`, `{a: x, b: y}` for parallel states. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return value === undefined ? '' : String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '(no states)';
  if (entries.length === 1) {
    const [key, inner] = entries[0]!;
    const rest = formatValue(inner);
    return rest && rest !== '(no states)' ? `${key}.${rest}` : key;
  }
  return `{${entries.map(([key, inner]) => `${key}: ${formatValue(inner)}`).join(', ')}}`;
}

/** Live actors nested under their parents; root first, children in the order they started. */
export function actorTree(actors: Iterable<InspectedActor>): ActorNode[] {
  const nodes = new Map<string, ActorNode>();
  for (const actor of actors) if (isAlive(actor)) nodes.set(actor.sessionId, { actor, children: [] });
  const roots: ActorNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.actor._parent ? nodes.get(node.actor._parent.sessionId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
