import { existsSync, readFileSync } from 'node:fs';
import { createServer, type PortalServer, type ServerOptions } from './app';
import { openDatabase } from './db/connection';
import { migrate } from './db/migrations';
import { migrations } from './db/schema';
import { seed } from './db/seed';

/**
 * Where a test run keeps the seeded database image it built once (tests/support/seededImage.ts);
 * every test process copies it instead of migrating and seeding again (scrypt of six passwords
 * and the demo data: 1 to 3 s a server on a busy 2-core machine).
 */
export const SEEDED_IMAGE_ENV = 'PORTAL_TEST_SEEDED_IMAGE';

/** A migrated, seeded database serialized (`db.serialize()`), what every test server starts from. */
export async function buildSeededImage(): Promise<Buffer> {
  const db = openDatabase(':memory:');
  try {
    migrate(db, migrations);
    await seed(db);
    return db.serialize();
  } finally {
    db.close();
  }
}

let seededImage: Promise<Buffer> | undefined;

/** The run's image when globalSetup wrote one, else built once in this process. */
function seededDatabaseImage(): Promise<Buffer> {
  const file = process.env[SEEDED_IMAGE_ENV];
  seededImage ??= file && existsSync(file) ? Promise.resolve(readFileSync(file)) : buildSeededImage();
  return seededImage;
}

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
  opts: Pick<ServerOptions, 'distDir' | 'publicConfig' | 'log' | 'portalUrl' | 'localOidc' | 'sso' | 'devSso' | 'trustProxy' | 'secureCookies' | 'exportStallMs' | 'listLimits' | 'firstAnswersTimeoutMs' | 'firstScreenTimeoutMs'> = {},
): Promise<TestServer> {
  // A private copy of the seeded image: as fresh as seeding anew, without its cost.
  const options: ServerOptions = { dbFile: ':memory:', dbImage: await seededDatabaseImage(), log: opts.log ?? false };
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
  if (opts.firstAnswersTimeoutMs !== undefined) options.firstAnswersTimeoutMs = opts.firstAnswersTimeoutMs;
  if (opts.firstScreenTimeoutMs !== undefined) options.firstScreenTimeoutMs = opts.firstScreenTimeoutMs;
  const server = await createServer(options);
  const port = await server.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, server, close: () => server.close() };
}
