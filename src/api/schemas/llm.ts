import { z } from '../zod';
import { recordFields, text } from './record';

export const llmSchema = z.looseObject({
  ...recordFields,
  name: z.string(),
  provider: z.optional(z.string()),
  model: text,
  base_url: text,
  temperature: z.optional(z.nullable(z.number())),
  max_tokens: z.optional(z.nullable(z.number())),
});
export type Llm = z.infer<typeof llmSchema>;
