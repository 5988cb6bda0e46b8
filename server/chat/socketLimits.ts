import type { IncomingMessage } from 'node:http';
import { hostAllowed, hostnameOf, type Site } from '../http/site';

/** Sockets one user may hold at once (tabs, reconnects): enough for real use, not for a flood. */
export const MAX_SOCKETS_PER_USER = 10;
/** Turns of one chat kept in memory (the model is sent the last 20 of them). */
export const MAX_HISTORY_TURNS = 40;

/**
 * socket.io's allowRequest: the handshake must name this site in Host (DNS rebinding) and, when
 * a browser sends an Origin, come from a page of an allowed host. Cookies ride along on
 * cross-site websocket handshakes, so without this any page could open the operator's chats.
 * Clients without Origin are not browsers and still need the chat token.
 */
export function handshakeAllowed(site: Site, request: IncomingMessage): boolean {
  if (!hostAllowed(site, request)) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const name = hostnameOf(url.host);
  return name !== null && site.allowedHosts.has(name);
}

/** Drops the oldest turns beyond MAX_HISTORY_TURNS, in place. */
export function boundHistory<T>(history: T[]): void {
  if (history.length > MAX_HISTORY_TURNS) history.splice(0, history.length - MAX_HISTORY_TURNS);
}
