import { z } from '../zod';
import { idSchema } from './common';

/**
 * Fields every resource record carries (docs/resources-contract.md). Optional and nullable so a
 * backend that leaves one out is still read; unknown fields are kept by each entity's looseObject.
 */
export const recordFields = {
  id: idSchema,
  account_id: z.optional(z.nullable(idSchema)),
  created_at: z.optional(z.nullable(z.string())),
  updated_at: z.optional(z.nullable(z.string())),
};

export const text = z.optional(z.nullable(z.string()));
export const nullableId = z.optional(z.nullable(idSchema));
export const idList = z.optional(z.array(idSchema));
export const jsonObject = z.optional(z.nullable(z.record(z.string(), z.unknown())));
