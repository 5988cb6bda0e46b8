import { z } from '../zod';
import { jsonObject, recordFields, text } from './record';

export const actionSchema = z.looseObject({ ...recordFields, name: text, description: text, kind: text, config: jsonObject });
export type Action = z.infer<typeof actionSchema>;
