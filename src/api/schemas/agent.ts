import { z } from '../zod';
import { idList, nullableId, recordFields, text } from './record';

export const agentSchema = z.looseObject({
  ...recordFields,
  name: text,
  description: text,
  llm_id: nullableId,
  agent_instruction_id: nullableId,
  tools: idList,
});
export type Agent = z.infer<typeof agentSchema>;
