import { createServer, type PortalServer, type ServerOptions } from './app';

export interface TestServer {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  server: PortalServer;
  close(): Promise<void>;
}

/**
 * The reference API on a free loopback port with a fresh, seeded in-memory database, for
 * contract and end-to-end tests. Pass `distDir` to serve a built portal too.
 */
export async function startTestServer(
  opts: Pick<ServerOptions, 'distDir' | 'publicConfig' | 'log' | 'portalUrl' | 'localOidc' | 'sso' | 'devSso' | 'trustProxy' | 'secureCookies' | 'exportStallMs' | 'listLimits'> = {},
): Promise<TestServer> {
  const options: ServerOptions = { dbFile: ':memory:', log: opts.log ?? false };
  if (opts.distDir !== undefined) options.distDir = opts.distDir;
  if (opts.publicConfig !== undefined) options.publicConfig = opts.publicConfig;
  if (opts.portalUrl !== undefined) options.portalUrl = opts.portalUrl;
  if (opts.localOidc !== undefined) options.localOidc = opts.localOidc;
  if (opts.sso !== undefined) options.sso = opts.sso;
  if (opts.devSso !== undefined) options.devSso = opts.devSso;
  if (opts.trustProxy !== undefined) options.trustProxy = opts.trustProxy;
  if (opts.secureCookies !== undefined) options.secureCookies = opts.secureCookies;
  if (opts.exportStallMs !== undefined) options.exportStallMs = opts.exportStallMs;
  if (opts.listLimits !== undefined) options.listLimits = opts.listLimits;
  const server = await createServer(options);
  const port = await server.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, server, close: () => server.close() };
}
