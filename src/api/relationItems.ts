import { listEnvelope, parsePayload, type List } from './envelope';
import { z } from './zod';

/** An item of a relation list: a related record, or a workflow-contact link row. */
export type RelationItem = Record<string, unknown>;

/** `{data: [...], links, meta}` when the server paginates, `{data: [...]}` when it does not. */
export function readItems<S extends z.ZodMiniType>(schema: S, payload: unknown): List<z.infer<S>> | z.infer<S>[] {
  const paged = listEnvelope(schema).safeParse(payload);
  if (paged.success) return paged.data as List<z.infer<S>>;
  return parsePayload(z.object({ data: z.array(schema) }), payload).data as z.infer<S>[];
}

export function itemsOf<T>(list: List<T> | T[]): T[] {
  return Array.isArray(list) ? list : list.data;
}
