import { readRecord } from './envelope';
import type { Http } from './http';
import { z } from './zod';

/**
 * The dashboard's totals from GET /v1/reporting/global: only the figures it shows are typed,
 * the rest is kept. Separate from the reporting area's API so the dashboard (always loaded)
 * does not carry the reporting schemas.
 */
export const globalTotalsSchema = z.looseObject({
  conversations: z.optional(z.number()),
  minutes: z.optional(z.number()),
  cost: z.optional(z.number()),
  bots: z.optional(z.number()),
  instances: z.optional(z.number()),
  active: z.optional(z.number()),
});
export type GlobalTotals = z.infer<typeof globalTotalsSchema>;

export async function fetchGlobalTotals(http: Http, signal?: AbortSignal): Promise<GlobalTotals> {
  const response = await http.api.get('/v1/reporting/global', { signal });
  return readRecord(globalTotalsSchema, response.data);
}
