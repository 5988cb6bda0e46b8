import { createBotActionsApi } from '../../api/bots';
import type { Http } from '../../api/http';
import { createPhoneNumbersApi } from '../../api/phoneNumbers';
import type { Query } from '../../api/query';
import { createRelationsApi, fetchSlotsBrief, itemsOf, RELATION_KEYS, type RelationKey } from '../../api/relations';
import { lookupConversations, lookupRecords, pickerRecords } from '../../api/references';
import { isResourceKey, resourceApiFor, type ResourceKey } from '../../api/resources';
import { createUsersApi } from '../../api/users';
import type { AccountFilterActor } from '../accountFilter';
import { ACTOR_IDS, resourceActorId } from '../actorIds';
import type { AreaOwner } from '../areas';
import { createOperation, type OperationActor } from '../operation';
import { createReferencesMachine, type ReferencesActor } from '../references';
import { createRelationMachine, relationActorId, type RelationActor } from '../relation';
import { createResourceMachine, defaultSave, type ResourceAction, type ResourceActor, type ResourceMachineDeps, type SectionActions } from '../resource';
import { ensureSystemActor } from '../root';

/**
 * The resources area (SPEC §7): one actor per section (the read-only client list is one too) with
 * its relation actors as children, the reference cache and the feedback form's conversation search. Imported by the
 * resource pages' hooks and route loader only (they are the signed-in `portal` chunk).
 */

// ---- Resources (SPEC §7): one actor per section, its relation actors as children ----

/** Section-specific actions (SPEC §7) as extra operations of that section's resource actor. */
function sectionActions(http: Http, section: ResourceKey, save: NonNullable<ResourceMachineDeps['save']>): SectionActions {
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
        import: {
          summary: 'Import Failed',
          // A file, or a file and the account it goes to (asked under "All accounts").
          call: (input: File | { file: File; accountId?: string }, signal) => {
            const { file, accountId } = input instanceof Blob ? { file: input, accountId: undefined } : input;
            return bots.importBot(file, file.name, signal, accountId);
          },
        },
      };
    case 'agents':
      return { duplicate: { summary: 'Duplicate Record Failed', call: (id: string, signal) => bots.duplicate('agents', id, signal) } };
    case 'instances':
      return {
        slotsBrief,
        countries: { summary: 'Error Loading Available Countries', call: (_: void, signal) => phones.countries(signal) },
        searchNumbers: {
          summary: 'Error Loading Available Phone Number',
          call: async ({ country, filters }: { country: string; filters?: Query }, signal) => itemsOf(await phones.search(country, filters ?? {}, signal)),
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

/** The section's long-lived resource actor (systemId `resource:<section>`), spawned by the root on first use. */
export function openResource(owner: AreaOwner, section: ResourceKey): ResourceActor {
  return ensureSystemActor<ResourceActor>(owner.root, resourceActorId(section), () => createResourceLogicFactory(owner.http)(section));
}

/** A relation's long-lived actor (a child of its owner section's resource actor). */
export function openRelation(owner: AreaOwner, key: RelationKey): RelationActor {
  const section = key.split('.')[0]!;
  if (isResourceKey(section)) openResource(owner, section);
  const actor = owner.root.system.get(relationActorId(key));
  if (!actor) throw new Error(`openRelation: no relation actor for ${key}`);
  return actor as RelationActor;
}

/** The system's reference cache (systemId `references`): linked records' names and account-scoped picker choices. */
export function openReferences(owner: AreaOwner): ReferencesActor {
  return ensureSystemActor<ReferencesActor>(owner.root, ACTOR_IDS.references, () =>
    createReferencesMachine({
      lookup: (section, ids, signal) => (section === 'conversations' ? lookupConversations(owner.http, ids, signal) : lookupRecords(owner.http, section, ids, signal)),
      options: (section, accountId, signal) => pickerRecords(owner.http, section, accountId, signal),
      // The account filter's list names every account the user sees: an Account column needs no lookup once it is in.
      known: (tell) => {
        const filter = owner.root.system.get(ACTOR_IDS.accountFilter) as AccountFilterActor | undefined;
        if (!filter) return () => {};
        // Told once per list of accounts: the filter's observers hear every event it takes (xstate),
        // and each telling is a new set of names, so every linked name on screen would draw again.
        let last: readonly unknown[] | null = null;
        const told = (snapshot: ReturnType<AccountFilterActor['getSnapshot']>) => {
          const { accounts } = snapshot.context;
          if (!snapshot.matches('ready') || accounts.length === 0 || accounts === last) return;
          last = accounts;
          tell('accounts', accounts);
        };
        told(filter.getSnapshot());
        const subscription = filter.subscribe(told);
        return () => subscription.unsubscribe();
      },
    }),
  );
}

/** What the feedback form's conversation picker searches with: text, and the form's account (null: the filter's scope). */
export interface ConversationSearch {
  search: string;
  accountId: string | null;
}

/** The feedback form's conversation picker: the reporting conversations list searched by text (first 10), in one account when given. */
export function openConversationSearch(owner: AreaOwner): OperationActor {
  return ensureSystemActor<OperationActor>(
    owner.root,
    ACTOR_IDS.conversationSearch,
    () =>
      // The reporting API (and its schemas) loads with the first search, not with the feedback form.
      createOperation(async ({ search, accountId }: ConversationSearch, signal) => {
        const api = (await import('../../api/reporting')).createReportingApi(owner.http);
        return (await api.conversations({ search, show: 10, page: 1, sort: '-started_at', ...(accountId ? { accountId } : {}) }, signal)).data;
      }),
    { summary: 'Error Loading Records' },
  );
}

