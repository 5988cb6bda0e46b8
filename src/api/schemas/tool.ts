import { z } from '../zod';
import { jsonObject, recordFields, text } from './record';

export const toolSchema = z.looseObject({ ...recordFields, name: z.string(), description: text, kind: z.optional(z.string()), parameters: jsonObject });
export type Tool = z.infer<typeof toolSchema>;
