/**
 * Whether `npm start` mounts the local OpenID provider. Its built-in identities (one of them a
 * Staff user with the password `password`) make it a demo, never a door: it runs by default only
 * where everything says the server is local, and anywhere else only when asked for by name.
 */
export interface LocalProviderDecision {
  on: boolean;
  /** Why, in words for the start-up banner. */
  reason: string;
}

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  return LOOPBACK_NAMES.has(name) || /^127(\.\d{1,3}){3}$/.test(name) || name.endsWith('.localhost');
}

function portalUrlHost(raw: string): string | null {
  try {
    return new URL(raw).hostname;
  } catch {
    return null;
  }
}

/**
 * LOCAL_SSO=1 turns it on and LOCAL_SSO=0 off whatever else is set. Unset, it is off as soon as
 * one setting says the server is meant to be reached from elsewhere: NODE_ENV=production, a
 * PORTAL_URL or HOST that is not loopback, a proxy to trust (TRUST_PROXY) or other host names
 * (ALLOWED_HOSTS).
 */
export function localProviderDecision(env: NodeJS.ProcessEnv): LocalProviderDecision {
  const asked = env.LOCAL_SSO?.trim();
  if (asked === '1') return { on: true, reason: 'LOCAL_SSO=1' };
  if (asked === '0') return { on: false, reason: 'LOCAL_SSO=0' };
  if (env.NODE_ENV === 'production') return { on: false, reason: 'NODE_ENV=production' };
  const portalUrl = env.PORTAL_URL?.trim();
  if (portalUrl) {
    const host = portalUrlHost(portalUrl);
    if (!host || !isLoopbackHost(host)) return { on: false, reason: `PORTAL_URL (${portalUrl}) is not a loopback address` };
  }
  const listen = env.HOST?.trim();
  if (listen && !isLoopbackHost(listen)) return { on: false, reason: `HOST (${listen}) is not a loopback address` };
  if (env.TRUST_PROXY?.trim() && !['0', 'false'].includes(env.TRUST_PROXY.trim())) return { on: false, reason: 'TRUST_PROXY is set' };
  if (env.ALLOWED_HOSTS?.trim()) return { on: false, reason: 'ALLOWED_HOSTS is set' };
  return { on: true, reason: 'the server is local (loopback only)' };
}
