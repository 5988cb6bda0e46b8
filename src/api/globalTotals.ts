import { readRecord } from './envelope';
import type { Http } from './http';
import { tolerant } from './tolerant';
import { z } from './zod';

/**
 * A figure SPEC leaves "not shown": a number or the numeric string a decimal cast sends; null
 * reads as absent; anything else is left out and reported (docs/contract-tolerance.md).
 */
const figure = tolerant(
  z.pipe(
    z.nullable(z.union([z.number(), z.pipe(z.string().check(z.regex(/^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/)), z.transform((value) => Number(value)))])),
    z.transform((value) => value ?? undefined),
  ),
);

/**
 * The dashboard's totals from GET /v1/reporting/global: only the figures it shows are typed,
 * the rest is kept. Separate from the reporting area's API so the dashboard (always loaded)
 * does not carry the reporting schemas.
 */
export const globalTotalsSchema = z.looseObject({
  conversations: figure,
  minutes: figure,
  cost: figure,
  bots: figure,
  instances: figure,
  active: figure,
});
export type GlobalTotals = z.infer<typeof globalTotalsSchema>;

export async function fetchGlobalTotals(http: Http, signal?: AbortSignal): Promise<GlobalTotals> {
  const response = await http.api.get('/v1/reporting/global', { signal });
  return readRecord(globalTotalsSchema, response.data);
}
