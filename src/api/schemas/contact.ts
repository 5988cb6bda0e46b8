import { z } from '../zod';
import { recordFields, text } from './record';

export const contactSchema = z.looseObject({ ...recordFields, name: z.string(), phone_number: text, email: text, notes: text });
export type Contact = z.infer<typeof contactSchema>;
