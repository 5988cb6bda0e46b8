import { z } from '../zod';
import { idSchema } from './common';

export const accountSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  created_at: z.optional(z.nullable(z.string())),
  updated_at: z.optional(z.nullable(z.string())),
});
export type Account = z.infer<typeof accountSchema>;
