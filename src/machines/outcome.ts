import type { Subscription } from 'xstate';
import type { OperationFailure } from './operation';
import type { ResourceActor, ResourceRequest } from './resource';
import type { RelationActor, RelationRequest } from './relation';

export interface OutcomeHandlers {
  succeeded?: (output: unknown) => void;
  failed?: (error: OperationFailure) => void;
}

/** What every parent of operations emits when one settles (ResourceEmitted, RelationEmitted). */
interface Settled {
  type: string;
  input: unknown;
  output?: unknown;
  error?: OperationFailure;
}

/**
 * Hears the outcome of one request: the actor's `<domain>.succeeded | <domain>.failed` whose input
 * is that very event object, once. Subscribe before sending.
 */
export function onOutcome(actor: ResourceActor, request: ResourceRequest, handlers: OutcomeHandlers): Subscription;
export function onOutcome(actor: RelationActor, request: RelationRequest, handlers: OutcomeHandlers): Subscription;
export function onOutcome(actor: ResourceActor | RelationActor, request: ResourceRequest | RelationRequest, handlers: OutcomeHandlers): Subscription {
  const domain = request.type.slice(0, request.type.indexOf('.'));
  const subscription = (actor as { on(type: '*', handler: (event: Settled) => void): Subscription }).on('*', (event) => {
    if (event.input !== request) return;
    if (event.type === `${domain}.succeeded`) {
      subscription.unsubscribe();
      handlers.succeeded?.(event.output);
    } else if (event.type === `${domain}.failed`) {
      subscription.unsubscribe();
      handlers.failed?.(event.error!);
    }
  });
  return subscription;
}
