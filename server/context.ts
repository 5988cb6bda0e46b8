import type { IdentityTokenVerifier } from './auth/identityToken';
import type { Database } from './db/connection';
import type { Site } from './http/site';

/** Rows a list may sort without an index, and rows `page=N` may skip. */
export interface ListLimits {
  sortScanRows: number;
  pageSkipRows: number;
}

/**
 * What every router factory and gateway receives. Passing it explicitly (no module-level
 * singletons) lets tests run several servers, each on its own database, in one process.
 */
export interface AppContext {
  db: Database;
  /** Served as /config.json for the portal (DESIGN §5). */
  publicConfig: Record<string, unknown>;
  /** Cookie policy from configuration, never from the request: Secure, and the session cookie's name (`__Host-` when Secure). */
  cookies: { secure: boolean; session: string };
  /** Where the portal is reached (mailed links) and which Host names are answered. */
  site: Site;
  /** Accept `dev-sso:<email>` identity tokens on the SSO token exchange (see routes/ssoToken.ts). */
  devSso: boolean;
  /**
   * The identity provider the SSO exchange trusts. Mutable: the local provider's issuer (and so
   * its verifier) is known only once the server listens.
   */
  sso: { verifier: IdentityTokenVerifier | null };
  /** A CSV export whose client takes no bytes for this long is cut off (server/http/csv.ts). */
  exportStallMs: number;
  /** Bounds of large lists' sorts and page numbers (server/http/listSortPlan.ts). */
  listLimits: ListLimits;
  /** Registers cleanup for close() (e.g. the socket.io server attached later). Runs in reverse order. */
  onClose(hook: () => void | Promise<void>): void;
}

const CONTEXT_KEY = 'portalContext';

/** Stores the context on the app so guards can be plain `(model, action)` factories. */
export function bindContext(app: { locals: Record<string, unknown> }, ctx: AppContext): void {
  app.locals[CONTEXT_KEY] = ctx;
}

/** The context of the app serving `req` (set by createServer). */
export function contextOf(req: { app: { locals: Record<string, unknown> } }): AppContext {
  const ctx = req.app.locals[CONTEXT_KEY] as AppContext | undefined;
  if (!ctx) throw new Error('AppContext not bound to this app');
  return ctx;
}
