import type { Socket } from 'socket.io-client';
import { z } from './zod';

/**
 * The live-lists transport (docs/live-lists.md): the gateway's `/live` namespace, subscribed with
 * `live-subscribe`, heard as `records-changed`. socket.io-client arrives through a dynamic import
 * (the chat's chunk), when a list first opens the channel, never with the first screen.
 */

export type ChangeKind = 'created' | 'updated' | 'deleted';

export interface RecordsChanged {
  resource: string;
  kind: ChangeKind;
  /** Record ids as strings (conversations: uuids). */
  ids: string[];
  /** More records changed than `ids` names. */
  more?: boolean;
}

/** Ids kept from one event: a gateway sending more is trusted no further than this. */
const MAX_IDS = 500;

const idSchema = z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number()]);
const changedSchema = z.object({
  resource: z.string().check(z.minLength(1), z.maxLength(100)),
  kind: z.enum(['created', 'updated', 'deleted']),
  ids: z.optional(z.array(z.unknown())),
  more: z.optional(z.boolean()),
});

/** A `records-changed` payload, or null when it is not one (ignored). Unreadable ids are dropped. */
export function parseRecordsChanged(raw: unknown): RecordsChanged | null {
  const parsed = changedSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { resource, kind, ids = [], more } = parsed.data;
  const kept = ids.slice(0, MAX_IDS).flatMap((id) => {
    const one = idSchema.safeParse(id);
    return one.success ? [String(one.data)] : [];
  });
  const change: RecordsChanged = { resource, kind, ids: kept };
  if (more || ids.length > MAX_IDS) change.more = true;
  return change;
}

/** How long `live-subscribe` may go unanswered before the gateway counts as one without live lists. */
export const SUBSCRIBE_TIMEOUT_MS = 5000;

export interface LiveSocketHandlers {
  /** Subscribed: from now on changes arrive. */
  subscribed(): void;
  /** Connected, but the gateway does not answer `live-subscribe` (no live lists there). */
  unsupported(): void;
  changed(change: RecordsChanged): void;
  disconnected(reason: string): void;
  /** The connection failed (`unauthenticated`, a gateway without `/live`, the network). */
  failed(reason: string): void;
}

export interface LiveConnection {
  close(): void;
}

/** Opens one connection attempt to `<url>/live` (socket.io's own reconnection off: the live channel's statechart owns it). */
export async function openLiveSocket(url: string, token: string | null, handlers: LiveSocketHandlers): Promise<LiveConnection> {
  const { io } = await import('socket.io-client');
  const options = { transports: ['websocket'], auth: { token: token ?? '' }, reconnection: false, forceNew: true };
  const socket: Socket = io(`${url}/live`, options);
  socket.on('connect', () => {
    socket.timeout(SUBSCRIBE_TIMEOUT_MS).emit('live-subscribe', {}, (error: unknown, answer: unknown) => {
      if (!socket.connected) return;
      const ok = !error && typeof answer === 'object' && answer !== null && (answer as { ok?: unknown }).ok === true;
      if (ok) handlers.subscribed();
      else handlers.unsupported();
    });
  });
  socket.on('connect_error', (error: Error) => handlers.failed(error.message || 'connect_error'));
  socket.on('disconnect', (reason: string) => handlers.disconnected(reason));
  socket.on('records-changed', (raw: unknown) => {
    const change = parseRecordsChanged(raw);
    if (change) handlers.changed(change);
  });
  return {
    close: () => {
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
