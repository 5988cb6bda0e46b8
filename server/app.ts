import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { JWK } from 'jose';
import { createIdentityTokenVerifier, type IdentityProviderTrust } from './auth/identityToken';
import { attachChatGateway } from './chat/gateway';
import { recheckSocketsAfterWrites } from './chat/socketAccess';
import { announceWrites, attachLive } from './live';
import { bindContext, type AppContext, type ListLimits } from './context';
import { openDatabase, openDatabaseImage, type Database } from './db/connection';
import { migrate } from './db/migrations';
import { migrations } from './db/schema';
import { seed } from './db/seed';
import { errorHandler, notFoundHandler } from './http/errors';
import { registerRoutes } from './http/index';
import { requestLogger } from './http/requestLogger';
import { securityHeaders } from './http/security';
import { createSite, hostGuard, siteListening } from './http/site';
import { mailerFor } from './mail/mailer';
import type { OutboxMessage } from './mail/outbox';
import { spaRoutes } from './http/spa';
import { appSecret } from './mail/links';
import { LOCAL_OIDC_CLIENT_ID, LOCAL_OIDC_PATH, LOCAL_OIDC_SCOPES, LocalOidcProvider } from './oidc/provider';

/** The portal's runtime config defaults (DESIGN §5). The inspector is for testers: off unless configured (README). */
export const DEFAULT_PUBLIC_CONFIG: Readonly<Record<string, unknown>> = { apiOrigin: '', chatUrl: '', inspector: false };

export interface ServerOptions {
  /** SQLite file, or ':memory:' for a private database (tests). */
  dbFile: string;
  /** Start from a private in-memory copy of this serialized database instead of `dbFile` (tests: a seeded image). */
  dbImage?: Buffer;
  /** Built portal to serve with SPA fallback; omitted = API only. */
  distDir?: string;
  /** Merged over DEFAULT_PUBLIC_CONFIG and served as /config.json. */
  publicConfig?: Record<string, unknown>;
  /** One line per request on stdout. */
  log?: boolean;
  /** Accept `dev-sso:<email>` identity tokens on the SSO exchange (default false: it signs anyone in; see routes/ssoToken.ts). */
  devSso?: boolean;
  /** Secure cookies (and the `__Host-` session cookie). Default: when portalUrl is https (SECURE_COOKIES=1/0 overrides). */
  secureCookies?: boolean;
  /** Express's `trust proxy` (TRUST_PROXY: `loopback`, addresses/subnets, a hop count, `true`). Default: none. */
  trustProxy?: boolean | number | string;
  /** Where the portal is reached (PORTAL_URL): mailed links start here. Default: the listen address. */
  portalUrl?: string;
  /** Host names answered besides localhost, the listen address and portalUrl's host (ALLOWED_HOSTS). */
  allowedHosts?: readonly string[];
  /**
   * Mount the local OpenID provider at /oidc and trust it for SSO (unless `sso` names another
   * provider). Its issuer is the listening origin + /oidc; config.json's `sso` points at it.
   */
  localOidc?: boolean | { signingKey?: JWK };
  /** A real identity provider whose identity tokens the SSO exchange accepts (issuer, client id, JWKS). */
  sso?: IdentityProviderTrust;
  /** Largest accepted request body (default 3 MB: a bot import is at most 2 MB, IMPORT_LIMITS). */
  bodyLimit?: string;
  /** A CSV export whose client takes nothing for this long is cut off (default 30 s). */
  exportStallMs?: number;
  /** Large lists' sort and page bounds (defaults: 10,000 rows sorted without an index, 10,000 index entries walked by `page=N` before its page); tests lower them. */
  listLimits?: Partial<ListLimits>;
  /** How long a signed-in page waits for its first answers (http/firstAnswers.ts; default 300 ms); tests on a loaded machine raise it. */
  firstAnswersTimeoutMs?: number;
  /** How long drawing a signed-in page's first screen may take (http/serverRender.ts; default 300 ms); tests on a loaded machine raise it. */
  firstScreenTimeoutMs?: number;
}

/** Secure comes from configuration: behind a TLS proxy `req.secure` is whatever the client claims. */
function cookiePolicy(options: ServerOptions): AppContext['cookies'] {
  const secure = options.secureCookies ?? (options.portalUrl?.trim().startsWith('https:') ?? false);
  return { secure, session: secure ? '__Host-portal_session' : 'portal_session' };
}

export interface PortalServer {
  app: express.Express;
  /** What /config.json serves (the local provider adds `sso` once listening). */
  publicConfig: Record<string, unknown>;
  httpServer: http.Server;
  db: Database;
  /** What the local outbox holds (in-process callers such as tests; over HTTP only an administrator reads it). */
  outbox(): readonly OutboxMessage[];
  /** Resolves with the bound port (useful with port 0). */
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts the local provider on the origin the server answers on, trusts it on the SSO exchange
 * (unless another provider is configured) and tells the portal about it in config.json (unless
 * PORTAL_CONFIG already names a provider).
 */
function startLocalOidc(localOidc: LocalOidcProvider, ctx: AppContext, trustOther: boolean): void {
  // The site's origin: PORTAL_URL when set, else the listen address.
  const issuer = localOidc.start(ctx.site.origin as string);
  if (!trustOther) ctx.sso.verifier = createIdentityTokenVerifier({ issuer, audience: LOCAL_OIDC_CLIENT_ID });
  ctx.publicConfig.sso ??= { authority: issuer, clientId: LOCAL_OIDC_CLIENT_ID, scopes: LOCAL_OIDC_SCOPES };
}

/**
 * Builds the reference API: database (migrated, seeded when empty), Express app and the HTTP
 * server, not yet listening. Nothing is global, so tests can run many side by side.
 */
export async function createServer(options: ServerOptions): Promise<PortalServer> {
  const db = options.dbImage ? openDatabaseImage(options.dbImage) : openDatabase(options.dbFile);
  const closeHooks: (() => void | Promise<void>)[] = [];
  try {
    migrate(db, migrations);
    await seed(db);
  } catch (error) {
    db.close();
    throw error;
  }

  const ctx: AppContext = {
    db,
    publicConfig: { ...DEFAULT_PUBLIC_CONFIG, ...options.publicConfig },
    site: createSite({ portalUrl: options.portalUrl, allowedHosts: options.allowedHosts }),
    devSso: options.devSso ?? false,
    cookies: cookiePolicy(options),
    sso: { verifier: options.sso ? createIdentityTokenVerifier(options.sso) : null },
    exportStallMs: options.exportStallMs ?? 30_000,
    listLimits: { sortScanRows: 10_000, pageSkipRows: 10_000, ...options.listLimits },
    onClose: (hook) => closeHooks.push(hook),
  };

  const app = express();
  bindContext(app, ctx);
  app.disable('x-powered-by');
  app.use(hostGuard(ctx.site));
  // X-Forwarded-For/-Proto are believed only from a configured proxy (TRUST_PROXY): trusting
  // loopback by default let any local client pick its own address and dodge the sign-in throttle.
  app.set('trust proxy', options.trustProxy ?? false);
  if (options.log) app.use(requestLogger());
  app.use(securityHeaders(ctx.publicConfig, ctx.site));
  // Before the body parsers (the provider reads its own bodies) and before CSRF (OAuth endpoints
  // are protected by state, PKCE and the provider's own interaction cookies).
  const localOidc = options.localOidc
    ? await LocalOidcProvider.create({
        cookieSecret: appSecret(db),
        signingKey: options.localOidc === true ? undefined : options.localOidc.signingKey,
      })
    : undefined;
  if (localOidc) app.use(LOCAL_OIDC_PATH, localOidc.handler());
  app.use(express.json({ limit: options.bodyLimit ?? '3mb' }));
  app.use(express.urlencoded({ extended: false, limit: options.bodyLimit ?? '3mb' }));

  // Before the routes, so it sees every write's outcome: chat sockets follow sign-outs and role changes.
  app.use(recheckSocketsAfterWrites(ctx));
  // Live lists: every successful write under /api/v1 is announced to the clients who may browse it.
  app.use(announceWrites(ctx));
  registerRoutes(app, ctx);
  if (options.distDir) app.use(spaRoutes(options.distDir, () => ctx.publicConfig, { firstAnswersTimeoutMs: options.firstAnswersTimeoutMs, firstScreenTimeoutMs: options.firstScreenTimeoutMs }));
  app.use(notFoundHandler);
  app.use(errorHandler());

  const httpServer = http.createServer(app);
  // The chat gateway (socket.io) shares the HTTP server; it registers its shutdown with ctx.onClose.
  const gateway = attachChatGateway(httpServer, ctx);
  // Its `/live` namespace: change events for live lists (server/live).
  attachLive(gateway.io, ctx);

  let closed = false;
  return {
    app,
    publicConfig: ctx.publicConfig,
    httpServer,
    db,
    outbox: () => mailerFor(ctx).outbox.list(),
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        httpServer.once('error', onError);
        httpServer.listen(port, host, () => {
          httpServer.off('error', onError);
          const bound = (httpServer.address() as AddressInfo).port;
          siteListening(ctx.site, host, bound);
          if (localOidc) startLocalOidc(localOidc, ctx, Boolean(options.sso));
          resolve(bound);
        });
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const hook of closeHooks.reverse()) await hook();
      if (httpServer.listening) {
        const done = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        // fetch keeps connections alive; without this close() would wait for them to time out.
        httpServer.closeAllConnections();
        await done;
      }
      db.close();
    },
  };
}
