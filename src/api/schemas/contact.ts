import { z } from '../zod';
import { recordFields, text } from './record';

export const contactSchema = z.looseObject({ ...recordFields, name: text, phone_number: text, email: text, notes: text });
export type Contact = z.infer<typeof contactSchema>;
