import { z } from '../zod';

/** Ids arrive as numbers from SQL backends and as strings from others; the portal keeps strings. */
export const idSchema = z.pipe(z.union([z.string(), z.number()]), z.transform((value) => String(value)));
export type Id = z.infer<typeof idSchema>;
