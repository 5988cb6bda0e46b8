import { readList, type List } from './envelope';
import { followPages, linkQuery } from './pages';
import type { Http } from './http';
import type { Query } from './query';
import { resourceDef, type ResourceKey, type ResourceRecord } from './resources';

/** SPEC §9: a list page holds at most 100 rows, so one lookup of 100 ids covers a page. */
export const LOOKUP_BATCH = 100;
/** Bound on the ids one lookup may ask for (several calls of LOOKUP_BATCH). */
export const LOOKUP_LIMIT = 500;

/** A section's list, for names and choices only: a 403 here is a name shown as "#id", not the forbidden page. */
async function listOf(http: Http, section: ResourceKey, query: Query, signal: AbortSignal): Promise<ResourceRecord[]> {
  return (await firstPageOf(http, section, query, signal)).data;
}

function firstPageOf(http: Http, section: ResourceKey, query: Query, signal: AbortSignal, url = `/v1/${resourceDef(section).path}/`): Promise<List<ResourceRecord>> {
  const def = resourceDef(section);
  return http.api.get(url, { query, signal, handlesForbidden: true }).then((response) => readList(def.schema, response.data) as List<ResourceRecord>);
}

/**
 * The GETs (under `/api`) that look up these records of `section` (conversations by uuid, any
 * other section by id): the ids once each, in calls of at most LOOKUP_BATCH, LOOKUP_LIMIT in all.
 * Pure: the reference server writes the first page's lookups into the page with this very
 * function (server/http/firstAnswers.ts), so they are the GETs the portal then sends.
 */
export function lookupCalls(section: ResourceKey | 'conversations', ids: readonly string[]): { path: string; query: Query }[] {
  const wanted = [...new Set(ids)].slice(0, LOOKUP_LIMIT);
  const [path, filter] = section === 'conversations' ? ['/v1/reporting/conversations', 'filter[uuid]'] : [`/v1/${resourceDef(section).path}/`, 'filter[id]'];
  const calls: { path: string; query: Query }[] = [];
  for (let start = 0; start < wanted.length; start += LOOKUP_BATCH) calls.push({ path, query: { [filter]: wanted.slice(start, start + LOOKUP_BATCH).join(','), show: LOOKUP_BATCH, page: 1 } });
  return calls;
}

/**
 * Records of one section by id (react-admin's getMany): `filter[id]=1,2,3`, a comma-separated
 * "any of" filter (DESIGN §4 query conventions), in calls of at most 100 ids. Ids the answer
 * leaves out are missing or not the caller's to see; the caller shows them as "#id".
 */
export async function lookupRecords(http: Http, section: ResourceKey, ids: readonly string[], signal: AbortSignal): Promise<ResourceRecord[]> {
  const found: ResourceRecord[] = [];
  for (const { path, query } of lookupCalls(section, ids)) {
    // A backend that pages at 15 whatever `show` says answers in several pages: all of them are read.
    const first = await firstPageOf(http, section, query, signal, path);
    const next = (url: string) => firstPageOf(http, section, linkQuery(query), signal, url);
    found.push(...(await followPages(first, next, (record) => record.id, { pages: LOOKUP_BATCH, items: LOOKUP_BATCH })).items);
  }
  return found;
}

/**
 * A picker's choices: the first 100 records of a section, in one account when `accountId` is
 * given (SPEC §7's `account_id` query; an explicit one wins over the global filter's).
 */
export function pickerRecords(http: Http, section: ResourceKey, accountId: string | null, signal: AbortSignal): Promise<ResourceRecord[]> {
  return listOf(http, section, { show: 100, page: 1, ...(accountId ? { account_id: accountId } : {}) }, signal);
}

/**
 * Reporting conversations by uuid (a feedback's conversation): `filter[uuid]=a,b` on the
 * conversations list, in calls of at most 100; a uuid the answer leaves out reads as missing.
 */
export async function lookupConversations(http: Http, uuids: readonly string[], signal: AbortSignal): Promise<ResourceRecord[]> {
  // Reporting's schemas load with the first lookup: static, they were built when the signed-in code
  // ran (before the session's answer is read) on every first page, for a lookup few pages make.
  const { conversationSchema } = await import('./schemas/reporting');
  const found: ResourceRecord[] = [];
  for (const { path, query } of lookupCalls('conversations', uuids)) {
    const response = await http.api.get(path, { query, signal, handlesForbidden: true });
    found.push(...readList(conversationSchema, response.data).data);
  }
  return found;
}
