import { z } from '../zod';
import { recordFields, text } from './record';

export const agentInstructionSchema = z.looseObject({ ...recordFields, name: text, instructions: text });
export type AgentInstruction = z.infer<typeof agentInstructionSchema>;
