import { readRecord } from './envelope';
import { lookupRecords } from './references';
import type { Http } from './http';
import { resourceApiFor, resourceDef, RESOURCE_DEFS, type ResourceKey } from './resources';
import { slotsBriefSchema, type SlotsBrief } from './schemas/phoneNumber';
import { workflowContactSchema } from './schemas/workflow';
import type { Pages } from './pages';
import { pagedReader, whole, nothingMore, type RelationItem } from './relationItems';
import { createUsersApi } from './users';

// Where relation items are read (users.ts reads them too, so they live in their own module).
export { itemsOf, readItems, relationItemId, type RelationItem } from './relationItems';
export type { Pages } from './pages';

/** SPEC §9: available-item lists ask for page 1 of 100. */
export const AVAILABLE_QUERY = { show: 100, page: 1 } as const;

/**
 * Every relation of SPEC §7, named `<owner>.<related>`. Each has the calls the server offers for
 * it; a missing method means the relation does not support that call.
 */
export const RELATION_KEYS = [
  'roles.dispositions',
  'roles.scorecards',
  'instances.dispositions',
  'instances.scorecards',
  'agents.tools',
  'bots.agents',
  'workflows.dispositions',
  'workflows.contacts',
  'contacts.workflows',
  'users.roles',
] as const;
export type RelationKey = (typeof RELATION_KEYS)[number];

export interface RelationApi {
  owner: ResourceKey;
  /** The section whose records are the related items. */
  related: ResourceKey;
  /** Assigned items of one owner: every page as far as one read goes (pages.ts), with the server's count. */
  list(ownerId: string, query: Record<string, string | number>, signal: AbortSignal): Promise<Pages<RelationItem>>;
  /** The assigned list read on from `next` (where `list` stopped at its bound), with the list's query. */
  more(next: string, query: Record<string, string | number>, signal: AbortSignal): Promise<Pages<RelationItem>>;
  /** Items the owner may be given: every page of the available list as far as one read goes. */
  available?(ownerId: string, signal: AbortSignal): Promise<RelationItem[]>;
  /** Returns the new assigned list when the server answers with one (users ↔ roles). */
  assign?(ownerId: string, itemId: string, body: Record<string, unknown> | undefined, assigned: string[], signal: AbortSignal): Promise<RelationItem[] | void>;
  update?(ownerId: string, itemId: string, body: Record<string, unknown>, signal: AbortSignal): Promise<RelationItem | void>;
  remove?(ownerId: string, itemId: string, assigned: string[], signal: AbortSignal): Promise<RelationItem[] | void>;
}

const enc = encodeURIComponent;

/** Roles, instances and workflows ↔ dispositions/scorecards, agents ↔ tools, bots ↔ agents: POST/DELETE per item. */
function pathRelation(http: Http, owner: ResourceKey, related: ResourceKey, segment: string, options: { listed: boolean }): RelationApi {
  const schema = resourceDef(related).schema;
  const pages = pagedReader(http, schema);
  const ownerApi = resourceApiFor(http, owner);
  const base = (ownerId: string) => `/v1/${owner}/${enc(ownerId)}/${segment}`;
  return {
    owner,
    related,
    async list(ownerId, query, signal) {
      if (options.listed) return pages.read(`${base(ownerId)}/`, query, signal);
      // No list endpoint (SPEC §7 gives agents' tools and bots' agents as id lists on the record):
      // the owner's ids, named by one lookup of exactly those records (not the section's first 100,
      // which misses any beyond them), in the owner's order.
      const record = await ownerApi.read(ownerId, signal);
      const ids = ((record as Record<string, unknown>)[segment] as unknown[] | undefined)?.map(String) ?? [];
      if (ids.length === 0) return whole([]);
      const byId = new Map((await lookupRecords(http, related, ids, signal)).map((item) => [item.id, item]));
      return whole(ids.flatMap((id) => byId.get(id) ?? []));
    },
    more: (next, query, signal) => (options.listed ? pages.more(next, query, signal) : nothingMore()),
    async available(ownerId, signal) {
      return (await pages.read(`${base(ownerId)}/available/`, AVAILABLE_QUERY, signal)).items;
    },
    async assign(ownerId, itemId, _body, _assigned, signal) {
      await http.api.post(`${base(ownerId)}/${enc(itemId)}`, undefined, { signal });
    },
    async remove(ownerId, itemId, _assigned, signal) {
      await http.api.delete(`${base(ownerId)}/${enc(itemId)}`, { signal });
    },
  };
}

export function createRelationsApi(http: Http): Record<RelationKey, RelationApi> {
  const users = createUsersApi(http);
  const workflowPages = pagedReader(http, RESOURCE_DEFS.workflows.schema);
  const contactPages = pagedReader(http, RESOURCE_DEFS.contacts.schema);
  const linkPages = pagedReader(http, workflowContactSchema);
  return {
    'roles.dispositions': pathRelation(http, 'roles', 'dispositions', 'dispositions', { listed: true }),
    'roles.scorecards': pathRelation(http, 'roles', 'scorecards', 'scorecards', { listed: true }),
    'instances.dispositions': pathRelation(http, 'instances', 'dispositions', 'dispositions', { listed: true }),
    'instances.scorecards': pathRelation(http, 'instances', 'scorecards', 'scorecards', { listed: true }),
    'workflows.dispositions': pathRelation(http, 'workflows', 'dispositions', 'dispositions', { listed: true }),
    'agents.tools': pathRelation(http, 'agents', 'tools', 'tools', { listed: false }),
    'bots.agents': pathRelation(http, 'bots', 'agents', 'agents', { listed: false }),
    'workflows.contacts': {
      owner: 'workflows',
      related: 'contacts',
      list: (workflowId, query, signal) => linkPages.read(`/v1/workflows/${enc(workflowId)}/contacts/`, query, signal),
      more: linkPages.more,
      async available(workflowId, signal) {
        return (await contactPages.read(`/v1/workflows/${enc(workflowId)}/contacts/available/`, AVAILABLE_QUERY, signal)).items;
      },
      async assign(workflowId, contactId, body, _assigned, signal) {
        const response = await http.api.post(`/v1/workflows/${enc(workflowId)}/contacts/${enc(contactId)}`, body ?? {}, { signal });
        return [readRecord(workflowContactSchema, response.data)];
      },
      async update(workflowId, contactId, body, signal) {
        const response = await http.api.patch(`/v1/workflows/${enc(workflowId)}/contacts/${enc(contactId)}`, body, { signal });
        return readRecord(workflowContactSchema, response.data);
      },
      async remove(workflowId, contactId, _assigned, signal) {
        await http.api.delete(`/v1/workflows/${enc(workflowId)}/contacts/${enc(contactId)}`, { signal });
      },
    },
    'contacts.workflows': {
      owner: 'contacts',
      related: 'workflows',
      list: (contactId, query, signal) => workflowPages.read(`/v1/contacts/${enc(contactId)}/workflows`, query, signal),
      more: workflowPages.more,
    },
    'users.roles': {
      owner: 'users',
      related: 'roles',
      list: (userId, _query, signal) => users.assignedRoles(userId, signal),
      more: (next, _query, signal) => users.moreRoles(next, signal),
      available: (_userId, signal) => users.availableRoles(signal),
      assign: (userId, roleId, _body, assigned, signal) => users.updateRoles(userId, [...new Set([...assigned, roleId])], signal),
      remove: (userId, roleId, assigned, signal) => users.updateRoles(userId, assigned.filter((id) => id !== roleId), signal),
    },
  };
}

/** SPEC §7: GET /v1/{roles|instances}/{id}/slots-brief. */
export async function fetchSlotsBrief(http: Http, owner: 'roles' | 'instances', id: string, signal?: AbortSignal): Promise<SlotsBrief> {
  const response = await http.api.get(`/v1/${owner}/${enc(id)}/slots-brief`, { signal });
  return readRecord(slotsBriefSchema, response.data);
}
