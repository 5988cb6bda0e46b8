import type { ResourceKey, ResourceRecord } from '../api/resources';
import type { ReferenceSection, ReferencesActor, ReferencesSnapshot } from './references';

/** The reference cache's named API (convention: auth.api.ts): names of linked records, pickers' choices. */
export function referencesApi(references: ReferencesActor) {
  return {
    /** Loads the names of these records of `section` (one call for all of them). */
    need: (section: ReferenceSection, ids: readonly string[]) => references.send({ type: 'references.need', section, ids }),
    /** Loads a picker's records of `section` in `accountId` (null: the filter's scope), kept under `scope`. */
    options: (section: ResourceKey, accountId: string | null, scope: string) => references.send({ type: 'references.options', section, accountId, scope }),
    /** A record this portal just stored: pages that link to it show its new name, pickers offer it at once. */
    remember: (section: ResourceKey, record: ResourceRecord) => references.send({ type: 'references.remember', section, record }),
  };
}

export type ReferencesActorApi = ReturnType<typeof referencesApi>;

/** Reads of the reference cache. */
export const referencesSelectors = {
  /** A name is being looked up: any, or one of `wanted` (ids by section) when given. */
  lookingUp: (snapshot: ReferencesSnapshot, wanted?: readonly { section: ReferenceSection; ids: readonly string[] }[]): boolean =>
    wanted
      ? wanted.some(({ section, ids }) => ids.some((id) => snapshot.context.names[section]?.[id]?.state === 'loading'))
      : Object.values(snapshot.context.names).some((entries) => Object.values(entries ?? {}).some((entry) => entry.state === 'loading')),
};
