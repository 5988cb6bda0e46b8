import express from 'express';
import { createServer } from '../../server/app';

export interface RouteEntry {
  method: string;
  /** As registered, e.g. `/users/:id/roles`; routers mounted under /api/v1 register without it. */
  path: string;
}

interface RecordedRoute {
  path: unknown;
  methods: Record<string, boolean>;
}

/**
 * Every route the reference API registers, found by recording Router#route while a server is
 * built (Express keeps no readable path for mounted routers, so prefixes are added by the caller).
 */
export async function listRoutes(): Promise<RouteEntry[]> {
  const proto = express.Router.prototype as unknown as { route: (path: unknown) => RecordedRoute };
  const original = proto.route;
  const recorded: RecordedRoute[] = [];
  proto.route = function route(this: unknown, path: unknown) {
    const created = original.call(this, path);
    recorded.push(created);
    return created;
  };
  try {
    const server = await createServer({ dbFile: ':memory:' });
    await server.close();
  } finally {
    proto.route = original;
  }
  const entries = new Map<string, RouteEntry>();
  for (const route of recorded) {
    for (const path of (Array.isArray(route.path) ? route.path : [route.path]).filter((p): p is string => typeof p === 'string')) {
      for (const [method, on] of Object.entries(route.methods)) {
        if (on && method !== '_all') entries.set(`${method} ${path}`, { method: method.toUpperCase(), path });
      }
    }
  }
  return [...entries.values()];
}
