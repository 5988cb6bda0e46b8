import { z } from '../zod';
import { recordFields, text } from './record';

export const scorecardCriterionSchema = z.looseObject({ label: z.string(), weight: z.optional(z.nullable(z.number())) });
export const scorecardSchema = z.looseObject({ ...recordFields, name: z.string(), description: text, criteria: z.optional(z.array(scorecardCriterionSchema)) });
export type Scorecard = z.infer<typeof scorecardSchema>;
