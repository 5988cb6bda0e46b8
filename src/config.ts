import { z } from './api/zod';

const cookieNamesSchema = z.object({
  accessToken: z._default(z.string(), 'AccessToken'),
  idToken: z._default(z.string(), 'IdToken'),
  portalToken: z._default(z.string(), 'PortalToken'),
  chatSession: z._default(z.string(), 'chat_session'),
  xsrf: z._default(z.string(), 'XSRF-TOKEN'),
});

const runtimeConfigSchema = z.object({
  /** Origin of the API; '' means the portal's own origin. */
  apiOrigin: z._default(z.string(), ''),
  /** Origin of the chat gateway; '' means the portal's own origin. */
  chatUrl: z._default(z.string(), ''),
  sso: z.optional(
    z.object({
      authority: z.string(),
      clientId: z.string(),
      scopes: z._default(z.string(), 'openid profile email'),
      /** Where the provider sends the browser back; the login page completes the sign-in there. */
      redirectPath: z._default(z.string().check(z.regex(/^\/(?![/\\])/)), '/login'),
    }),
  ),
  sentryDsn: z.optional(z.string()),
  environment: z._default(z.string(), 'production'),
  /** Allows the machine inspector in production builds. */
  inspector: z._default(z.boolean(), false),
  cookies: z._default(cookieNamesSchema, {
    accessToken: 'AccessToken',
    idToken: 'IdToken',
    portalToken: 'PortalToken',
    chatSession: 'chat_session',
    xsrf: 'XSRF-TOKEN',
  }),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Build-time defaults (`VITE_*`), overridden by `/config.json` so one `dist/` serves any backend. */
function buildTimeDefaults(): Record<string, unknown> {
  const env = import.meta.env;
  const defaults: Record<string, unknown> = {};
  if (env.VITE_API_ORIGIN) defaults.apiOrigin = env.VITE_API_ORIGIN;
  if (env.VITE_CHAT_URL) defaults.chatUrl = env.VITE_CHAT_URL;
  if (env.VITE_SENTRY_DSN) defaults.sentryDsn = env.VITE_SENTRY_DSN;
  return defaults;
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const merged = { ...buildTimeDefaults(), ...(typeof raw === 'object' && raw !== null ? raw : {}) };
  const parsed = runtimeConfigSchema.safeParse(merged);
  // A broken config.json must not white-screen the portal: fall back to the defaults.
  return parsed.success ? parsed.data : runtimeConfigSchema.parse(buildTimeDefaults());
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    // Default cache mode, so the response preloaded by index.html is the one used (the server sends no-cache).
    const response = await fetchImpl('/config.json', { credentials: 'same-origin' });
    return parseRuntimeConfig(response.ok ? await response.json() : {});
  } catch {
    return parseRuntimeConfig({});
  }
}
