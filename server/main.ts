/**
 * `npx tsx server/main.ts [--fresh]`: the reference API plus the built portal on one port.
 *
 * Environment: PORT (8080), HOST (127.0.0.1), DB_FILE (server/data/portal.sqlite),
 * FRESH=1 (same as --fresh: delete the database first), PORTAL_CONFIG (JSON merged into
 * /config.json), PORTAL_URL (where the portal is reached: mailed links, allowed host), ALLOWED_HOSTS
 * (more Host names to answer, comma-separated), TRUST_PROXY (believe X-Forwarded-* only from this
 * proxy: loopback, subnets or a hop count; default nobody), SECURE_COOKIES=1/0 (default: on when
 * PORTAL_URL is https; the session cookie is then __Host-portal_session), LOCAL_SSO=1/0 (the local OpenID provider
 * at /oidc; unset: on only while the server is clearly local, see oidc/localPolicy.ts), SSO_ISSUER + SSO_CLIENT_ID
 * (+ SSO_JWKS_URI) (trust a real identity provider on the SSO exchange), DEV_SSO=1 (accept `dev-sso:<email>` identity tokens: a stand-in for an identity provider, off by default because it signs anyone in), LOG=0 (no request log).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, DEFAULT_PUBLIC_CONFIG } from './app';
import { deleteDatabaseFiles } from './db/connection';
import { findUserByEmail } from './auth/users';
import { totpFor, twoFactorState } from './auth/twoFactor';
import { DEMO_PASSWORD, DEMO_SIGN_INS, TWO_FACTOR_DEMO_EMAIL } from './db/seed';
import type { Database } from './db/connection';
import type { IdentityProviderTrust } from './auth/identityToken';
import { SSO_DEMO_EMAIL, SSO_STRANGER_EMAIL } from './oidc/accounts';
import { localProviderDecision, type LocalProviderDecision } from './oidc/localPolicy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function portalConfig(): Record<string, unknown> {
  const raw = process.env.PORTAL_CONFIG;
  if (!raw) return { ...DEFAULT_PUBLIC_CONFIG };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new Error(`PORTAL_CONFIG is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('PORTAL_CONFIG must be a JSON object');
  return { ...DEFAULT_PUBLIC_CONFIG, ...(parsed as Record<string, unknown>) };
}

/** The demo two-factor user's secret, for an authenticator app (local use only). */
function twoFactorLines(db: Database): string[] {
  const user = findUserByEmail(db, TWO_FACTOR_DEMO_EMAIL);
  const state = user && twoFactorState(db, user.id);
  if (!state?.secret || !state.confirmed) {
    return ['', `Two-factor demo: ${TWO_FACTOR_DEMO_EMAIL} has no two-factor secret in this database (FRESH=1 npm start seeds it).`];
  }
  return [
    '',
    `Two-factor demo (${TWO_FACTOR_DEMO_EMAIL}), secret for an authenticator app (local use only):`,
    `  secret: ${state.secret}`,
    `  url:    ${totpFor(state.secret, state.email).toString()}`,
    '  (recovery codes: /settings once signed in)',
  ];
}

function ssoLines(publicConfig: Record<string, unknown>, db: Database, provider: LocalProviderDecision): string[] {
  const sso = publicConfig.sso as { authority?: string } | undefined;
  const off = provider.on ? [] : ['', `Local OpenID provider: off (${provider.reason}); LOCAL_SSO=1 turns it on.`];
  const exposedOnPurpose = provider.on && process.env.LOCAL_SSO?.trim() === '1' && localProviderDecision({ ...process.env, LOCAL_SSO: '' }).on === false;
  const warning = exposedOnPurpose
    ? ['', 'WARNING: LOCAL_SSO=1 on a server that is not only local: anyone who reaches /oidc can sign in as sso@example.com / password.']
    : [];
  if (!sso?.authority) return off;
  const local = provider.on && !process.env.PORTAL_CONFIG?.includes('"sso"');
  return [
    ...off,
    ...warning,
    '',
    `Single sign-on: ${sso.authority}${local ? ' (local OpenID provider, for local use only)' : ''}`,
    ...(local ? [`  provider sign-in: ${SSO_DEMO_EMAIL} / password (a portal user), ${SSO_STRANGER_EMAIL} / password (no portal user)`] : []),
    ...(local && !findUserByEmail(db, SSO_DEMO_EMAIL) ? [`  ${SSO_DEMO_EMAIL} is not a user in this database (FRESH=1 npm start seeds it).`] : []),
  ];
}

/** Without APP_KEY the key that seals two-factor secrets lives in the database file itself (README, Security). */
function appKeyLines(): string[] {
  if (process.env.APP_KEY?.trim()) return [];
  return [
    '',
    'WARNING: APP_KEY is not set. The key that signs mailed links and CSRF tokens and encrypts two-factor',
    '  secrets is generated and stored in the database file: whoever gets a copy of that file can read every',
    "  user's two-factor secret and recovery codes. Set APP_KEY (32+ random characters) before exposing the server.",
  ];
}

/** A real identity provider from the environment, or undefined. */
function ssoTrust(): IdentityProviderTrust | undefined {
  const issuer = process.env.SSO_ISSUER?.trim();
  const audience = process.env.SSO_CLIENT_ID?.trim();
  if (!issuer && !audience) return undefined;
  if (!issuer || !audience) throw new Error('SSO_ISSUER and SSO_CLIENT_ID go together');
  const jwksUri = process.env.SSO_JWKS_URI?.trim();
  return { issuer, audience, ...(jwksUri ? { jwksUri } : {}) };
}

/** TRUST_PROXY as Express reads it: unset = trust nobody, `true`, a hop count, or addresses/subnets (`loopback`, `10.0.0.0/8`). */
function trustProxySetting(raw: string | undefined): boolean | number | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0..65535, got ${process.env.PORT}`);
  const host = process.env.HOST || '127.0.0.1';
  const dbFile = path.resolve(root, process.env.DB_FILE || 'server/data/portal.sqlite');
  const fresh = process.argv.includes('--fresh') || process.env.FRESH === '1';
  if (fresh) deleteDatabaseFiles(dbFile);

  const localProvider = localProviderDecision(process.env);
  const server = await createServer({
    dbFile,
    distDir: path.join(root, 'dist'),
    publicConfig: portalConfig(),
    log: process.env.LOG !== '0',
    devSso: process.env.DEV_SSO === '1',
    portalUrl: process.env.PORTAL_URL,
    trustProxy: trustProxySetting(process.env.TRUST_PROXY),
    ...(process.env.SECURE_COOKIES ? { secureCookies: process.env.SECURE_COOKIES === '1' } : {}),
    allowedHosts: (process.env.ALLOWED_HOSTS ?? '').split(',').filter((name) => name.trim() !== ''),
    localOidc: localProvider.on,
    sso: ssoTrust(),
  });
  const actualPort = await server.listen(port, host);
  const shownHost = host.includes(':') ? `[${host}]` : host;

  const width = Math.max(...DEMO_SIGN_INS.map((u) => u.email.length));
  const lines = [
    '',
    `Agent portal:  http://${shownHost}:${actualPort}/`,
    `Database:      ${path.relative(process.cwd(), dbFile) || dbFile}${fresh ? ' (fresh)' : ''}`,
    '',
    `Demo sign-ins (seeded into an empty database; password for all: "${DEMO_PASSWORD}"):`,
    ...DEMO_SIGN_INS.map((u) => `  ${u.email.padEnd(width)}  ${DEMO_PASSWORD}  ${u.purpose}`),
    ...twoFactorLines(server.db),
    ...ssoLines(server.publicConfig, server.db, localProvider),
    ...appKeyLines(),
    process.env.DEV_SSO === '1' ? '\nSSO stand-in: identity token "dev-sso:<email>" on POST /api/v1/auth/token/ad' : '',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: shutting down\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`[server] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
