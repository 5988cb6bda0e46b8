import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { LoginThrottle } from '../auth/loginThrottle';
import { accountByLogin, accountBySub } from './accounts';
import { errorPage, loginPage, logoutPage, signedOutPage } from './pages';

/** Where the local provider is mounted; its issuer is `<origin>/oidc`. */
export const LOCAL_OIDC_PATH = '/oidc';
/** The portal's client at the local provider (a public client: authorization code + PKCE). */
export const LOCAL_OIDC_CLIENT_ID = 'agent-portal';
export const LOCAL_OIDC_SCOPES = 'openid profile email';

export interface LocalOidcOptions {
  /** Private signing key (JWK with d); generated per process when absent. Tests pass their own. */
  signingKey?: JWK;
  /** Secret for the provider's cookie signatures. */
  cookieSecret: string;
}

async function signingJwks(given: JWK | undefined): Promise<{ keys: JWK[] }> {
  if (given) return { keys: [{ alg: 'RS256', use: 'sig', ...given }] };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: `local-${Date.now().toString(36)}` }] };
}

/** The portal's sign-in page on each spelling of a loopback origin a tester may open. */
function portalUris(origin: string, path: string): string[] {
  const url = new URL(origin);
  const hosts = new Set([url.host]);
  if (url.hostname === '127.0.0.1') hosts.add(`localhost:${url.port}`);
  if (url.hostname === 'localhost') hosts.add(`127.0.0.1:${url.port}`);
  return [...hosts].map((host) => `${url.protocol}//${host}${path}`);
}

function configuration(origin: string, jwks: { keys: JWK[] }, cookieSecret: string): Configuration {
  return {
    clients: [
      {
        client_id: LOCAL_OIDC_CLIENT_ID,
        client_name: 'Agent Portal',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: portalUris(origin, '/login'),
        post_logout_redirect_uris: portalUris(origin, '/login'),
      },
    ],
    jwks,
    cookies: { keys: [cookieSecret] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The portal's backend maps the user from the identity token, as Entra ID puts email there.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = logoutPage(form, ctx.host);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.body = signedOutPage();
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${LOCAL_OIDC_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accountBySub(sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({ sub: account.sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    // First-party client: no consent screen; the grant covers what the portal asks for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { provider, session, client, result } = ctx.oidc;
      if (!session || !client) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId as string });
      grant.addOIDCScope(LOCAL_OIDC_SCOPES);
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), out.error_description as string | undefined);
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  };
}

/**
 * A certified OpenID provider (panva's oidc-provider) for local use, mounted in the reference
 * server: discovery, JWKS, authorization code + PKCE, RP-initiated logout, and its own sign-in
 * page over a seeded directory. Created once the server knows its origin (the issuer is absolute).
 */
export class LocalOidcProvider {
  private provider: Provider | undefined;
  private callback: ((req: Request, res: Response) => void) | undefined;
  /** Its sign-in page is throttled like POST /login: 5 tries a minute per email and address. */
  private readonly throttle = new LoginThrottle();
  readonly interactions: Router;

  private constructor(
    private readonly jwks: { keys: JWK[] },
    private readonly cookieSecret: string,
  ) {
    this.interactions = this.interactionRoutes();
  }

  /** Prepares the keys (the slow part), so `start` can run in the same tick the server starts listening. */
  static async create(options: LocalOidcOptions): Promise<LocalOidcProvider> {
    return new LocalOidcProvider(await signingJwks(options.signingKey), options.cookieSecret);
  }

  get issuer(): string | undefined {
    return this.provider?.issuer;
  }

  start(origin: string): string {
    const issuer = `${origin}${LOCAL_OIDC_PATH}`;
    const provider = new Provider(issuer, configuration(origin, this.jwks, this.cookieSecret));
    this.provider = provider;
    this.callback = provider.callback() as unknown as (req: Request, res: Response) => void;
    return issuer;
  }

  /** Express middleware for everything under LOCAL_OIDC_PATH (mounted before body parsers and CSRF). */
  handler() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!this.callback) return next();
      this.interactions(req, res, (error?: unknown) => {
        if (error) return next(error);
        this.callback?.(req, res);
      });
    };
  }

  private interactionRoutes(): Router {
    const router = Router();
    const form = express.urlencoded({ extended: false, limit: '10kb' });
    const provider = () => {
      if (!this.provider) throw new Error('local OpenID provider not started');
      return this.provider;
    };

    router.get('/interaction/:uid', async (req, res, next) => {
      try {
        const details = await provider().interactionDetails(req, res);
        const client = await provider().Client.find(String(details.params.client_id));
        res.type('html').send(
          loginPage({
            action: `${LOCAL_OIDC_PATH}/interaction/${details.uid}/login`,
            abortAction: `${LOCAL_OIDC_PATH}/interaction/${details.uid}/abort`,
            clientName: client?.clientName ?? String(details.params.client_id),
            email: typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined,
          }),
        );
      } catch (error) {
        next(error);
      }
    });

    router.post('/interaction/:uid/login', form, async (req, res, next) => {
      try {
        const details = await provider().interactionDetails(req, res);
        const email = typeof req.body?.email === 'string' ? req.body.email.slice(0, 255) : '';
        const password = typeof req.body?.password === 'string' ? req.body.password.slice(0, 1024) : '';
        const again = async (status: number, error: string) => {
          const client = await provider().Client.find(String(details.params.client_id));
          res.status(status).type('html').send(
            loginPage({
              action: `${LOCAL_OIDC_PATH}/interaction/${details.uid}/login`,
              abortAction: `${LOCAL_OIDC_PATH}/interaction/${details.uid}/abort`,
              clientName: client?.clientName ?? String(details.params.client_id),
              email,
              error,
            }),
          );
        };
        // Counted before the password is checked, like /login, so parallel guesses are counted too.
        const wait = this.throttle.retryAfterSeconds(email, req.ip);
        if (wait > 0) {
          res.setHeader('Retry-After', String(wait));
          return await again(429, `Too many attempts. Please try again in ${wait} seconds.`);
        }
        this.throttle.hit(email, req.ip);
        const account = accountByLogin(email, password);
        if (!account) return await again(200, 'Wrong email or password.');
        this.throttle.clear(email, req.ip);
        await provider().interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
      } catch (error) {
        next(error);
      }
    });

    // The user declined: the portal gets `error=access_denied` back at its redirect URI.
    router.post('/interaction/:uid/abort', async (req, res, next) => {
      try {
        await provider().interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        next(error);
      }
    });

    return router;
  }
}
