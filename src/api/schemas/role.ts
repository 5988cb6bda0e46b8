import { z } from '../zod';
import { idList, recordFields, text } from './record';

export const roleSchema = z.looseObject({ ...recordFields, name: text, description: text, dispositions: idList, scorecards: idList });
export type Role = z.infer<typeof roleSchema>;
