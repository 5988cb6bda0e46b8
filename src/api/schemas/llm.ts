import { z } from '../zod';
import { looseNumber, recordFields, text } from './record';

export const llmSchema = z.looseObject({
  ...recordFields,
  name: text,
  provider: text,
  model: text,
  base_url: text,
  temperature: looseNumber,
  max_tokens: looseNumber,
});
export type Llm = z.infer<typeof llmSchema>;
