import { z } from '../zod';
import { recordFields, text } from './record';

export const dispositionSchema = z.looseObject({ ...recordFields, label: text, description: text });
export type Disposition = z.infer<typeof dispositionSchema>;
