import { fromCallback, type AnyActorRef } from 'xstate';
import type { OperationActor, OperationEmitted, OperationFailure } from './operation';

/** What a resource or relation actor hears from its operation children. */
export type OperationReport =
  | { type: 'operation.report.succeeded'; kind: string; output: unknown; input: unknown }
  | { type: 'operation.report.failed'; kind: string; error: OperationFailure; input: unknown };

/**
 * Why a bridge: operations announce results with `emit`, which only external listeners hear, and
 * operation.ts is THE status machine (not to be forked). This callback actor subscribes to each
 * child by its systemId and forwards the outcome to the parent as an ordinary event.
 */
export const operationBridge = fromCallback<never, { kinds: readonly string[]; systemIdOf: (kind: string) => string }>(({ input, system, sendBack }) => {
  const subscriptions = input.kinds.flatMap((kind) => {
    const child = system.get(input.systemIdOf(kind)) as OperationActor | undefined;
    if (!child) return [];
    return [
      child.on('operation.succeeded', (event: Extract<OperationEmitted, { type: 'operation.succeeded' }>) =>
        sendBack({ type: 'operation.report.succeeded', kind, output: event.output, input: event.input }),
      ),
      child.on('operation.failed', (event: Extract<OperationEmitted, { type: 'operation.failed' }>) =>
        sendBack({ type: 'operation.report.failed', kind, error: event.error, input: event.input }),
      ),
    ];
  });
  return () => subscriptions.forEach((s) => s.unsubscribe());
});

/** A parent's operation child by kind (the child's id is its kind). */
export function operationChild(parent: { getSnapshot(): { children: Record<string, AnyActorRef | undefined> } }, kind: string): OperationActor | undefined {
  return parent.getSnapshot().children[kind] as OperationActor | undefined;
}
