import { z } from '../zod';
import { jsonObject, recordFields, text } from './record';

export const toolSchema = z.looseObject({ ...recordFields, name: text, description: text, kind: text, parameters: jsonObject });
export type Tool = z.infer<typeof toolSchema>;
