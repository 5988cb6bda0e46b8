import type { ResourceKey } from '../api/resources';

/** The operation kinds every resource actor has (SPEC §4). */
export const RESOURCE_KINDS = ['add', 'browse', 'read', 'edit', 'delete', 'paginate', 'export', 'fetch'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** SPEC §8's generic summaries. */
export const GENERIC_SUMMARIES: Record<ResourceKind, string> = {
  add: 'New Record Failed',
  browse: 'Error Loading Records',
  read: 'Error Loading Record',
  edit: 'Edit Record Failed',
  delete: 'Delete Record Failed',
  paginate: 'Error Loading Records',
  export: 'Export Record Failed',
  fetch: 'Error Loading Records',
};

/**
 * SPEC §8's per-section summaries; whatever a section does not name falls back to the generic
 * one. `fetch` (the section's first 100 records, for pickers) reads like its browse.
 */
export const SECTION_SUMMARIES: Record<ResourceKey, Partial<Record<ResourceKind, string>>> = {
  // SPEC §3's read-only client list: SPEC §8 names none of its failures (the generic ones).
  clients: {},
  users: { browse: 'Error Loading Users', fetch: 'Error Loading Users', read: 'Error Loading User', add: 'New User Failed', edit: 'Edit Failed', delete: 'Delete User Failed' },
  // Accounts are deleted from their own page (/accounts/{id}/delete): SPEC §8's plain "Delete Failed".
  accounts: { browse: 'Error Loading Accounts', fetch: 'Error Loading Accounts', delete: 'Delete Failed' },
  roles: { browse: 'Error Loading Roles', fetch: 'Error Loading Roles', read: 'Error Loading Role' },
  instances: { browse: 'Error Loading Instances', fetch: 'Error Loading Instances' },
  actions: { browse: 'Error Loading Actions', fetch: 'Error Loading Actions', paginate: 'Error Paginating Actions' },
  contacts: { browse: 'Error Loading Contacts', fetch: 'Error Loading Contacts' },
  feedback: {
    browse: 'Error Loading Feedbacks',
    fetch: 'Error Loading Feedbacks',
    read: 'Error Loading Feedback',
    paginate: 'Error Paginating Feedbacks',
    export: 'Error Exporting Feedbacks',
  },
  agents: { browse: 'Error Loading Agents', fetch: 'Error Loading Agents', read: 'Error Loading Agent' },
  'agent-instructions': { browse: 'Error Loading Agent Instructions', fetch: 'Error Loading Agent Instructions', paginate: 'Error Paginating Agent Instructions' },
  tools: { browse: 'Error Loading Tools', fetch: 'Error Loading Tools', read: 'Error Loading Tool' },
  llms: { browse: 'Error loading LLMs', fetch: 'Error loading LLMs', read: 'Error Loading LLM' },
  bots: { browse: 'Error Loading Bots', fetch: 'Error Loading Bots', read: 'Error Loading Bot' },
  dispositions: { browse: 'Error Loading Dispositions', fetch: 'Error Loading Dispositions', read: 'Error Loading Disposition' },
  scorecards: { browse: 'Error Loading Scorecards', fetch: 'Error Loading Scorecards', read: 'Error Loading Scorecard' },
  workflows: { browse: 'Error Loading Workflows', fetch: 'Error Loading Workflows' },
};

export function summaryFor(section: ResourceKey, kind: ResourceKind): string {
  return SECTION_SUMMARIES[section][kind] ?? GENERIC_SUMMARIES[kind];
}

/** SPEC §4's text when an add brings no record back (every section: writes never succeed silently). */
export { NO_RECORD_RECEIVED } from '../api/resources';
