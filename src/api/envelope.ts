import { reportDegradedField } from '../observability/report';
import { z } from './zod';
import { ApiError, DEFAULT_ERROR_TEXT } from './errors';
import { ContractViolation, readTolerant } from './tolerant';

const nullableUrl = z.nullable(z.string());

export const listLinksSchema = z.object({ first: z.optional(nullableUrl), last: z.optional(nullableUrl), prev: nullableUrl, next: nullableUrl });

export const listMetaSchema = z.looseObject({
  current_page: z.number(),
  from: z.nullable(z.number()),
  last_page: z.number(),
  per_page: z.number(),
  to: z.nullable(z.number()),
  total: z.number(),
  path: z.optional(z.string()),
  links: z.optional(z.array(z.object({ url: nullableUrl, label: z.string(), active: z.boolean() }))),
});

export type ListLinks = z.infer<typeof listLinksSchema>;
export type ListMeta = z.infer<typeof listMetaSchema>;
export interface List<T> {
  data: T[];
  links: ListLinks;
  meta: ListMeta;
}

export function listEnvelope<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: z.array(item), links: listLinksSchema, meta: listMetaSchema });
}

export function recordEnvelope<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: item });
}

/**
 * Parses a payload with its schema through the tolerant reader: a "not shown" field that fails
 * degrades alone and is reported; a strict part that fails becomes an ApiError whose detail names
 * the failing path, so a bad byte from the network ends in SPEC §8's message, never in a white
 * screen, and never silently.
 */
export function parsePayload<T extends z.ZodMiniType>(schema: T, payload: unknown): z.infer<T> {
  try {
    const { value, degraded } = readTolerant(schema, payload);
    for (const field of degraded) reportDegradedField(field);
    return value;
  } catch (error) {
    if (!(error instanceof ContractViolation)) throw error;
    console.warn('Rejected API payload:', error.message);
    throw new ApiError({ status: 200, detail: DEFAULT_ERROR_TEXT, serverDetail: error.message });
  }
}

export function readRecord<T extends z.ZodMiniType>(schema: T, payload: unknown): z.infer<T> {
  const envelope = parsePayload(recordEnvelope(schema), payload) as { data: z.infer<T> };
  return envelope.data;
}

export function readList<T extends z.ZodMiniType>(schema: T, payload: unknown): List<z.infer<T>> {
  return parsePayload(listEnvelope(schema), payload);
}
