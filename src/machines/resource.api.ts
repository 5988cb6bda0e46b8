import { onOutcome, type OutcomeHandlers } from './operation';
import type { ResourceActor, SectionActionName } from './resource';

/**
 * A section's resource actor, by name (convention: auth.api.ts). Only what converted views need
 * so far: a section action (a role's slots brief, …) with its outcome heard by the asker.
 */
export function resourceApi(resource: ResourceActor) {
  return {
    /** Runs one of the section's own actions (machines/areas.ts wires them per section). */
    runAction: (name: SectionActionName, input?: unknown, handlers?: OutcomeHandlers) => {
      const request = { type: 'resource.action' as const, name, input };
      if (handlers) onOutcome(resource, request, handlers);
      resource.send(request);
    },
  };
}

export type ResourceActorApi = ReturnType<typeof resourceApi>;
