import type { AnyActorRef } from 'xstate';
import { createBotActionsApi } from '../api/bots';
import type { Http } from '../api/http';
import { createPhoneNumbersApi } from '../api/phoneNumbers';
import type { Query } from '../api/query';
import { createRelationsApi, fetchSlotsBrief, RELATION_KEYS, type RelationKey } from '../api/relations';
import { isResourceKey, resourceApiFor, type ResourceKey } from '../api/resources';
import { createUsersApi } from '../api/users';
import { resourceActorId } from './actorIds';
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

/** The root event that creates a section's resource actor on first use. */
export type ResourceOpenEvent = { type: 'resource.open'; section: string };

interface SystemOwner {
  system: { get(id: string): AnyActorRef | undefined };
  send(event: ResourceOpenEvent): void;
}

/** The section's long-lived resource actor, created by the root on first use. */
export function openResource(root: SystemOwner, section: ResourceKey): ResourceActor {
  const id = resourceActorId(section);
  if (!root.system.get(id)) root.send({ type: 'resource.open', section });
  const actor = root.system.get(id);
  if (!actor) throw new Error(`openResource: no resource actor for ${section}`);
  return actor as ResourceActor;
}

/** A relation's long-lived actor (a child of its owner section's resource actor). */
export function openRelation(root: SystemOwner, key: RelationKey): RelationActor {
  const owner = key.split('.')[0]!;
  if (isResourceKey(owner)) openResource(root, owner);
  const actor = root.system.get(relationActorId(key));
  if (!actor) throw new Error(`openRelation: no relation actor for ${key}`);
  return actor as RelationActor;
}
