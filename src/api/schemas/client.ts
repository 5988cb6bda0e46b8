import { z } from '../zod';
import { recordFields } from './record';

/** SPEC §3: clients are a read-only list. */
export const clientSchema = z.looseObject({ ...recordFields, name: z.string() });
export type Client = z.infer<typeof clientSchema>;
