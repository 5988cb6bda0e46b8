import { z } from '../zod';
import { idSchema } from './common';
import { looseBoolean, looseList, nullableId, text } from './record';

/** An assigned role as the user record carries it: a role object, or just its id. */
const userRoleSchema = z.union([
  z.looseObject({ id: idSchema, name: text }),
  z.pipe(idSchema, z.transform((id) => ({ id, name: undefined }))),
]);

/**
 * SPEC §3 defines id, isAdmin, theme_color and email; everything else is "not shown" and tolerant.
 * isAdmin and theme_color are read tolerantly too: sign-in must never fail on them.
 */
export const userSchema = z.looseObject({
  id: idSchema,
  name: text,
  email: z.string(),
  isAdmin: looseBoolean,
  theme_color: text,
  account_id: nullableId,
  email_verified_at: text,
  roles: looseList(userRoleSchema),
});

export type User = z.infer<typeof userSchema>;
