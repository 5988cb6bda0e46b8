import { createBotActionsApi } from '../api/bots';
import type { Http } from '../api/http';
import { createPhoneNumbersApi } from '../api/phoneNumbers';
import type { Query } from '../api/query';
import { createRelationsApi, fetchSlotsBrief, RELATION_KEYS, type RelationKey } from '../api/relations';
import { isResourceKey, resourceApiFor, type ResourceKey } from '../api/resources';
import { createUsersApi } from '../api/users';
import { resourceActorId } from './actorIds';
import { ensureSystemActor, type SystemRoot } from './spawn';
import { createRelationMachine, relationActorId, type RelationActor } from './relation';
import { createResourceMachine, defaultSave, type ResourceAction, type ResourceActor, type ResourceMachineDeps } from './resource';

/** Section-specific actions (SPEC §7) as extra operations of that section's resource actor. */
function sectionActions(http: Http, section: ResourceKey, save: NonNullable<ResourceMachineDeps['save']>): Record<string, ResourceAction> {
  const bots = createBotActionsApi(http);
  const users = createUsersApi(http);
  const phones = createPhoneNumbersApi(http);
  const slotsBrief: ResourceAction = {
    summary: 'Error Loading Records',
    call: (id: string, signal) => fetchSlotsBrief(http, section as 'roles' | 'instances', id, signal),
  };
  switch (section) {
    case 'users':
      return {
        passwordResetEmail: { summary: 'Password Reset Email Failed', call: (id: string, signal) => users.sendPasswordResetEmail(id, signal) },
        resendVerification: { summary: 'Error resending email verification', call: (id: string, signal) => users.resendEmailVerification(id, signal) },
      };
    case 'bots':
      return {
        duplicate: { summary: 'Duplicate Record Failed', call: (id: string, signal) => bots.duplicate('bots', id, signal) },
        exportBot: {
          summary: 'Export Record Failed',
          call: async (id: string, signal) => {
            const file = await bots.exportBot(id, signal);
            save(file.blob, file.filename);
            return file.filename;
          },
        },
        import: { summary: 'Import Failed', call: (file: File, signal) => bots.importBot(file, file.name, signal) },
      };
    case 'agents':
      return { duplicate: { summary: 'Duplicate Record Failed', call: (id: string, signal) => bots.duplicate('agents', id, signal) } };
    case 'instances':
      return {
        slotsBrief,
        countries: { summary: 'Error Loading Available Countries', call: (_: void, signal) => phones.countries(signal) },
        searchNumbers: {
          summary: 'Error Loading Available Phone Number',
          call: ({ country, filters }: { country: string; filters?: Query }, signal) => phones.search(country, filters ?? {}, signal),
        },
        purchase: {
          summary: 'Error Purchasing Phone Number',
          updatesRecord: true,
          call: ({ instanceId, phoneNumber }: { instanceId: string; phoneNumber: string }, signal) => phones.purchase(instanceId, phoneNumber, signal),
        },
      };
    case 'roles':
      return { slotsBrief };
    default:
      return {};
  }
}

/** Builds a section's resource actor logic, with its relation actors as long-lived children. */
export function createResourceLogicFactory(http: Http, save?: ResourceMachineDeps['save']) {
  const relations = createRelationsApi(http);
  return (section: ResourceKey) => {
    const children: NonNullable<ResourceMachineDeps['children']> = {};
    for (const key of RELATION_KEYS.filter((k) => k.startsWith(`${section}.`))) {
      children[key] = { logic: createRelationMachine(key, relations[key]), systemId: relationActorId(key) };
    }
    return createResourceMachine({ section, api: resourceApiFor(http, section), actions: sectionActions(http, section, save ?? defaultSave), children, ...(save ? { save } : {}) });
  };
}

export type ResourceLogicFactory = ReturnType<typeof createResourceLogicFactory>;

/** What opening a section needs: the system's root and the transport its actor calls through. */
export interface ResourceOwner {
  root: SystemRoot;
  http: Http;
}

/** The section's long-lived resource actor (systemId `resource:<section>`), spawned by the root on first use. */
export function openResource(owner: ResourceOwner, section: ResourceKey): ResourceActor {
  return ensureSystemActor<ResourceActor>(owner.root, resourceActorId(section), () => createResourceLogicFactory(owner.http)(section));
}

/** A relation's long-lived actor (a child of its owner section's resource actor). */
export function openRelation(owner: ResourceOwner, key: RelationKey): RelationActor {
  const section = key.split('.')[0]!;
  if (isResourceKey(section)) openResource(owner, section);
  const actor = owner.root.system.get(relationActorId(key));
  if (!actor) throw new Error(`openRelation: no relation actor for ${key}`);
  return actor as RelationActor;
}
