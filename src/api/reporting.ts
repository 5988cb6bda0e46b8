import { readRecord } from './envelope';
import type { Http } from './http';
import { z } from './zod';

/** SPEC: statistics shapes are "not shown"; known totals are typed and anything else is kept. */
export const globalTotalsSchema = z.looseObject({
  conversations: z.optional(z.number()),
  minutes: z.optional(z.number()),
  cost: z.optional(z.number()),
  bots: z.optional(z.number()),
  instances: z.optional(z.number()),
  active: z.optional(z.number()),
});
export type GlobalTotals = z.infer<typeof globalTotalsSchema>;

export function createReportingApi(http: Http) {
  return {
    async globalTotals(signal?: AbortSignal): Promise<GlobalTotals> {
      const response = await http.api.get('/v1/reporting/global', { signal });
      return readRecord(globalTotalsSchema, response.data);
    },
  };
}
