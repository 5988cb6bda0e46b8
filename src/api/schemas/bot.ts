import { z } from '../zod';
import { idList, nullableId, recordFields, text } from './record';

export const botSchema = z.looseObject({ ...recordFields, name: text, description: text, greeting: text, instance_id: nullableId, agents: idList });
export type Bot = z.infer<typeof botSchema>;
