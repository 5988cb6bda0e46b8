import { z } from '../zod';
import { recordFields, text } from './record';

export const feedbackSchema = z.looseObject({
  ...recordFields,
  conversation_uuid: text,
  rating: z.optional(z.nullable(z.number())),
  comment: text,
  status: z.optional(z.string()),
});
export type Feedback = z.infer<typeof feedbackSchema>;
