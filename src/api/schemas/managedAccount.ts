import { z } from '../zod';
import { idSchema } from './common';
import { text } from './record';

/** An account as the accounts section edits it (the auth flow's accountSchema reads fewer fields). */
export const managedAccountSchema = z.looseObject({
  id: idSchema,
  name: text,
  description: text,
  created_at: text,
  updated_at: text,
});
export type ManagedAccount = z.infer<typeof managedAccountSchema>;
