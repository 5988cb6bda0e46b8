import { z } from '../zod';
import { idSchema } from './common';

export const userSchema = z.looseObject({
  id: idSchema,
  name: z.optional(z.nullable(z.string())),
  email: z.string(),
  isAdmin: z.optional(z.boolean()),
  theme_color: z.optional(z.nullable(z.string())),
  account_id: z.optional(z.nullable(idSchema)),
  email_verified_at: z.optional(z.nullable(z.string())),
  roles: z.optional(z.array(z.looseObject({ id: idSchema, name: z.optional(z.string()) }))),
});

export type User = z.infer<typeof userSchema>;
