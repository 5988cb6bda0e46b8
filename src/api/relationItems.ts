import { listEnvelope, parsePayload, type List } from './envelope';
import type { Http } from './http';
import { followPages, linkQuery, type Pages } from './pages';
import type { Query } from './query';
import { z } from './zod';

/** An item of a relation list: a related record, or a workflow-contact link row. */
export type RelationItem = Record<string, unknown>;

/** Laravel's `simplePaginate()`: `links.next` but no total in `meta` (or no meta at all). */
const simplePage = <S extends z.ZodMiniType>(schema: S) =>
  z.object({ data: z.array(schema), links: z.looseObject({ next: z.optional(z.nullable(z.string())) }) });

/**
 * `{data: [...], links, meta}` when the server paginates, `{data: [...]}` when it does not. A page
 * with `links.next` but no total (simple pagination) is a List too, counted by what it holds, so
 * its next page is followed.
 */
export function readItems<S extends z.ZodMiniType>(schema: S, payload: unknown): List<z.infer<S>> | z.infer<S>[] {
  const paged = listEnvelope(schema).safeParse(payload);
  if (paged.success) return paged.data as List<z.infer<S>>;
  const simple = simplePage(schema).safeParse(payload);
  if (simple.success && simple.data.links.next) {
    const data = simple.data.data as z.infer<S>[];
    return {
      data,
      links: { prev: null, next: simple.data.links.next },
      meta: { current_page: 1, from: null, last_page: 1, per_page: data.length, to: null, total: data.length },
    };
  }
  return parsePayload(z.object({ data: z.array(schema) }), payload).data as z.infer<S>[];
}

export function itemsOf<T>(list: List<T> | T[]): T[] {
  return Array.isArray(list) ? list : list.data;
}

/** A workflow-contact link row is identified by its contact; any other item by its id. */
export function relationItemId(item: RelationItem): string {
  return String(item.contact_id ?? item.id);
}

/** Reads a relation list and follows its pages (links.next as given, the query's other parameters added back). */
export function pagedReader<S extends z.ZodMiniType>(http: Http, schema: S) {
  const fetchPage = (query: Query, signal: AbortSignal) => async (url: string) =>
    readItems(schema, (await http.api.get(url, { query: linkQuery(query), signal })).data) as List<RelationItem> | RelationItem[];
  const follow = (payload: unknown, query: Query, signal: AbortSignal): Promise<Pages<RelationItem>> =>
    followPages(readItems(schema, payload) as List<RelationItem> | RelationItem[], fetchPage(query, signal), relationItemId);
  return {
    async read(path: string, query: Query, signal: AbortSignal): Promise<Pages<RelationItem>> {
      return follow((await http.api.get(path, { query, signal })).data, query, signal);
    },
    /** An answer that is a list (a write answering with the new list), followed to its end. */
    follow,
    async more(next: string, query: Query, signal: AbortSignal): Promise<Pages<RelationItem>> {
      return followPages(await fetchPage(query, signal)(next), fetchPage(query, signal), relationItemId);
    },
  };
}

/** A list the server does not paginate (ids on the owner's record): nothing more to read. */
export const whole = (items: RelationItem[]): Pages<RelationItem> => ({ items, total: items.length, next: null });
export const nothingMore = async (): Promise<Pages<RelationItem>> => whole([]);
