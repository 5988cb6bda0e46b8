import { z } from '../zod';
import { recordFields, text } from './record';

/** SPEC §3: clients are a read-only list. */
export const clientSchema = z.looseObject({ ...recordFields, name: text });
export type Client = z.infer<typeof clientSchema>;
