import { z } from '../zod';
import { jsonObject, recordFields, text } from './record';

export const actionSchema = z.looseObject({ ...recordFields, name: z.string(), description: text, kind: z.optional(z.string()), config: jsonObject });
export type Action = z.infer<typeof actionSchema>;
