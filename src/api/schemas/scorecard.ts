import { z } from '../zod';
import { looseList, looseNumber, recordFields, text } from './record';

export const scorecardCriterionSchema = z.looseObject({ label: text, weight: looseNumber });
export const scorecardSchema = z.looseObject({ ...recordFields, name: text, description: text, criteria: looseList(scorecardCriterionSchema) });
export type Scorecard = z.infer<typeof scorecardSchema>;
