import { readList, readRecord } from './envelope';
import type { Http } from './http';
import { idSchema } from './schemas/common';
import { z } from './zod';
import { phoneDigits } from '../format/phone';

/** The created conversation; fields beyond these are kept as they come. */
export const placedCallSchema = z.looseObject({
  id: z.optional(idSchema),
  uuid: z.optional(z.string()),
  status: z.optional(z.string()),
  stream_key: z.optional(z.string()),
});
export type PlacedCall = z.infer<typeof placedCallSchema>;

export interface PlaceCallInput {
  instanceId: string;
  phone: string;
  /** The chat connection that receives the call's progress. */
  clientId: string;
  suppressHistory: boolean;
}

/** What a new chat or a call can be aimed at: only the fields the chat console shows. */
export const targetSchema = z.looseObject({
  id: idSchema,
  name: z.optional(z.nullable(z.string())),
  phone_number: z.optional(z.nullable(z.string())),
  /** The account it belongs to: the chat list names it (tolerant: absent on backends that omit it). */
  account_id: z.optional(z.unknown()),
});
export type Target = z.infer<typeof targetSchema>;

/** SPEC §7's outbound call, and the bot/instance lists a chat or call is started from. */
export function createCallsApi(http: Http) {
  return {
    async placeCall(input: PlaceCallInput, signal?: AbortSignal): Promise<PlacedCall> {
      const path = `/v1/conversations/instance/${encodeURIComponent(input.instanceId)}/call/${phoneDigits(input.phone)}`;
      const response = await http.api.post(path, { ClientId: input.clientId, suppressHistory: input.suppressHistory }, { signal });
      return readRecord(placedCallSchema, response.data);
    },
    async listInstances(signal?: AbortSignal): Promise<Target[]> {
      const response = await http.api.get('/v1/instances/', { query: { show: 100, page: 1 }, signal });
      return readList(targetSchema, response.data).data;
    },
    async listBots(signal?: AbortSignal): Promise<Target[]> {
      const response = await http.api.get('/v1/bots/', { query: { show: 100, page: 1 }, signal });
      return readList(targetSchema, response.data).data;
    },
  };
}

export type CallsApi = ReturnType<typeof createCallsApi>;
