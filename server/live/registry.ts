import type { Server } from 'socket.io';
import type { AppContext } from '../context';
import { LiveHub } from './hub';
import { LIVE_NAMESPACE } from './protocol';

const hubs = new WeakMap<AppContext, LiveHub>();

/** Opens the `/live` namespace on the gateway's socket.io server; closed with the server. */
export function attachLive(io: Server, ctx: AppContext): LiveHub {
  const hub = new LiveHub(ctx.db, io.of(LIVE_NAMESPACE));
  hubs.set(ctx, hub);
  ctx.onClose(() => hub.close());
  return hub;
}

/** The hub of a server's context; undefined before attachLive (or in a server without the gateway). */
export function liveHubOf(ctx: AppContext): LiveHub | undefined {
  return hubs.get(ctx);
}
