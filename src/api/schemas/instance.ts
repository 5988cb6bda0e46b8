import { z } from '../zod';
import { idList, nullableId, recordFields, text } from './record';

export const instanceSchema = z.looseObject({
  ...recordFields,
  name: z.string(),
  phone_number: text,
  bot_id: nullableId,
  status: z.optional(z.string()),
  dispositions: idList,
  scorecards: idList,
});
export type Instance = z.infer<typeof instanceSchema>;
