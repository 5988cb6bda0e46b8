import { z } from '../zod';
import { idList, nullableId, recordFields, text } from './record';

export const instanceSchema = z.looseObject({
  ...recordFields,
  name: text,
  phone_number: text,
  bot_id: nullableId,
  status: text,
  dispositions: idList,
  scorecards: idList,
});
export type Instance = z.infer<typeof instanceSchema>;
