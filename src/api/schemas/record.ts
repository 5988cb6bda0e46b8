import { tolerant, tolerantOr } from '../tolerant';
import { z } from '../zod';
import { idSchema } from './common';

/**
 * The shapes a "not shown" field may arrive in (docs/contract-tolerance.md). Each is tolerant:
 * null or absent is fine, extra keys are kept, and a value that still fails degrades that field
 * alone (src/api/tolerant.ts) instead of failing the record.
 */

/** A reference to another record: its id, or the record itself (`whenLoaded`) as an object with an id. */
export const refId = z.union([idSchema, z.pipe(z.looseObject({ id: idSchema }), z.transform((value) => value.id))]);

/** A number, or the numeric string a decimal or float cast sends (`"12.50"`, `"1.25E-5"`). */
export const numeric = z.union([
  z.number(),
  z.pipe(
    z.string().check(z.regex(/^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/)),
    z.transform((value) => Number(value)),
  ),
]);

const booleanish = z.union([
  z.boolean(),
  z.pipe(z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')]), z.transform((value) => value === 1 || value === '1' || value === 'true')),
]);

/** Text; a number is read as its digits; anything else is shown as raw text. */
export const text = tolerant(z.nullable(z.union([z.string(), z.pipe(z.number(), z.transform((value) => String(value)))])), 'text');
export const looseNumber = tolerant(z.nullable(numeric));
export const looseBoolean = tolerant(z.nullable(booleanish));
export const nullableId = tolerant(z.nullable(refId));
/** Ids of related records: ids or objects with an id; null reads as absent. */
export const idList = tolerant(z.pipe(z.nullable(z.array(refId)), z.transform((value) => value ?? undefined)));
/** A JSON object; a backend that stores it as a JSON string is read too. */
export const jsonObject = tolerant(
  z.nullable(
    z.union([
      z.record(z.string(), z.unknown()),
      z.pipe(
        z.string(),
        z.transform((value, ctx) => {
          try {
            const parsed: unknown = JSON.parse(value);
            if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
          } catch {
            // reported below
          }
          ctx.issues.push({ code: 'custom', message: 'Not a JSON object', input: value });
          return z.NEVER;
        }),
      ),
    ]),
  ),
);
/** A list of nested objects (steps, criteria, roles); null reads as absent. */
export function looseList<T extends z.ZodMiniType>(item: T) {
  return tolerant(z.pipe(z.nullable(z.array(item)), z.transform((value) => value ?? undefined)));
}

/**
 * For fields the views compute with or show as they are (reporting's counts, money, labels): the
 * same shapes, but absent or null reads as zero / empty text / an empty list, so the type stays
 * required. A value that still fails degrades to that (a label to its raw text) and is reported.
 */
export const count = tolerantOr(z.pipe(z.nullable(numeric), z.transform((value) => value ?? 0)), 0);
const textOrNumber = z.union([z.string(), z.pipe(z.number(), z.transform((value) => String(value)))]);
export const label = tolerantOr(z.pipe(z.nullable(textOrNumber), z.transform((value) => value ?? '')), '', 'text');
export function listOr<T extends z.ZodMiniType>(item: T) {
  return tolerantOr(z.pipe(z.nullable(z.array(item)), z.transform((value) => value ?? [])), [] as never);
}

/**
 * Fields every resource record carries (docs/resources-contract.md). Only the id is strict (SPEC
 * defines it); unknown fields are kept by each entity's looseObject.
 */
export const recordFields = {
  id: idSchema,
  account_id: nullableId,
  created_at: text,
  updated_at: text,
};
