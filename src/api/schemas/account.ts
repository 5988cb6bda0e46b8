import { z } from '../zod';
import { idSchema } from './common';
import { text } from './record';

/** The account filter's options (SPEC: account fields "not shown"; only the id is strict). */
export const accountSchema = z.looseObject({
  id: idSchema,
  name: text,
  created_at: text,
  updated_at: text,
});
export type Account = z.infer<typeof accountSchema>;
