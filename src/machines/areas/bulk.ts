import { resourceApiFor, type ResourceKey, type ResourceRecord } from '../../api/resources';
import { ACTOR_IDS, resourceActorId } from '../actorIds';
import type { AreaOwner } from '../areas';
import { createBulkDeleteMachine, type BulkDeleteActor } from '../bulkDelete';
import { createBulkSelectionMachine, type BulkSelectionActor } from '../bulkSelection';
import { defaultSave, type ResourceActor } from '../resource';
import { ensureSystemActor, releaseSystemActor } from '../root';

/**
 * Bulk actions on a resource list (issue 30), composed over the sections' APIs: the session's
 * bulk-delete actor and each list page's selection.
 */

/** Bulk deletes with Undo: a session actor, so the Undo window outlives the list page. */
export function openBulkDelete(owner: AreaOwner): BulkDeleteActor {
  return ensureSystemActor<BulkDeleteActor>(owner.root, ACTOR_IDS.bulkDelete, () =>
    createBulkDeleteMachine({
      remove: (section, id, signal) => resourceApiFor(owner.http, section as ResourceKey).delete(id, signal),
      // The section's list asks again with its current parameters (the page refills, the total drops).
      refresh: (section) => {
        const resource = owner.root.system.get(resourceActorId(section)) as ResourceActor | undefined;
        const snapshot = resource?.getSnapshot();
        if (resource && snapshot?.context.list) resource.send({ type: 'resource.browse', query: snapshot.context.listQuery });
      },
    }),
  );
}

/** A list page's selection (page-scoped: released with the page). */
export function openBulkSelection(owner: AreaOwner, section: ResourceKey, nameOf: (record: ResourceRecord) => string): BulkSelectionActor {
  const api = resourceApiFor(owner.http, section);
  const bulkDelete = openBulkDelete(owner);
  return ensureSystemActor<BulkSelectionActor>(
    owner.root,
    ACTOR_IDS.bulkSelection(section),
    () =>
      createBulkSelectionMachine({
        section,
        browse: (query, signal) => api.browse(query, signal),
        paginate: (url, query, signal) => api.paginate(url, query, signal),
        nameOf,
        schedule: (target, items) => bulkDelete.send({ type: 'bulkDelete.schedule', section: target, items }),
        save: defaultSave,
      }),
    undefined,
    'page',
  );
}

export function closeBulkSelection(owner: AreaOwner, section: ResourceKey): void {
  releaseSystemActor(owner.root, ACTOR_IDS.bulkSelection(section));
}
