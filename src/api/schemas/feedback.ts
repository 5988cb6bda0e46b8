import { z } from '../zod';
import { looseNumber, recordFields, text } from './record';

export const feedbackSchema = z.looseObject({
  ...recordFields,
  conversation_uuid: text,
  rating: looseNumber,
  comment: text,
  status: text,
});
export type Feedback = z.infer<typeof feedbackSchema>;
