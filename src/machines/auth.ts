import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Credentials, TwoFactorAnswer } from '../api/auth';
import { ApiError } from '../api/errors';
import { UNVERIFIED_MESSAGE } from '../api/http';
import type { Permissions } from '../api/schemas/permissions';
import type { SsoTokens } from '../api/sso';
import type { User } from '../api/schemas/user';
import { ACTOR_IDS } from './actorIds';
import { applyThemeColor, readGuestFlag, storeGuestFlag } from './effects';
import { landingPath } from './landing';
import type { NavigationEvent } from './navigation';
import { failureOf, type OperationFailure } from './operation';

export { NO_USER_AFTER_LOGIN } from '../api/auth';

/** Failure summaries of the two sign-in branches beside the password (shown above their message). */
export const SSO_FAILED = 'Single Sign-On Failed';
export const TWO_FACTOR_FAILED = 'Two-Factor Authentication Failed';
/** Where the second factor is asked for (a public route). */
export const TWO_FACTOR_PATH = '/two-factor-challenge';


export interface AuthContext {
  user: User | null;
  permissions: Permissions | null;
  error: OperationFailure | null;
  /** Why the user was signed out, shown on the login page. */
  notice: string | null;
  /**
   * After signing out of an SSO session: the identity token that lets the login page offer the
   * provider's end-session (`id_token_hint`). Null otherwise.
   */
  endSessionHint?: string | null;
}

/**
 * What the auth states mean to a reader (views read these through auth.api.ts, never state names):
 * `busy` a call is in flight; `signingIn` on the way to a session (password, second factor, the
 * user and permissions after it); `sso` a step with the identity provider; `twoFactor` a second
 * factor is awaited or being checked; `restoring`, `signedOut`, `signedIn`, `unverified` the phase.
 */
export type AuthTag = 'busy' | 'signingIn' | 'sso' | 'twoFactor' | 'restoring' | 'signedOut' | 'signedIn' | 'unverified';

export type AuthEvent =
  | { type: 'auth.submit'; credentials: Credentials }
  | { type: 'auth.sso'; idToken: string; accessToken: string }
  | { type: 'auth.logout' }
  | { type: 'auth.expired' }
  | { type: 'auth.unverified' }
  | { type: 'auth.retry' }
  | { type: 'auth.userUpdated'; user: User }
  /** SSO: go to the identity provider; then complete from the URL it sent the browser back to. */
  | { type: 'auth.ssoStart' }
  | { type: 'auth.ssoReturn'; url: string }
  /** After an SSO sign-out: also end the session at the identity provider. */
  | { type: 'auth.ssoEndSession' }
  /** Fortify's second factor, and leaving the challenge for the login page. */
  | { type: 'auth.twoFactor'; answer: TwoFactorAnswer }
  | { type: 'auth.cancel' };

function isUnverified(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.serverMessage === UNVERIFIED_MESSAGE;
}

function goTo(to: string): NavigationEvent {
  return { type: 'navigation.go', to, replace: true };
}

const signedOutContext = { user: null, permissions: null } as const;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as AuthTag,
  },
  actors: {
    /** Resolves `{twoFactor: true}` when the server waits for the second factor (Fortify). */
    signIn: fromPromise<{ twoFactor: boolean }, Credentials>(async () => ({ twoFactor: false })),
    submitTwoFactor: fromPromise<void, TwoFactorAnswer>(async () => {}),
    /** Sends the browser to the identity provider (it only settles if that fails). */
    startSso: fromPromise<void, { redirect: string | null }>(async () => {
      throw new Error('startSso not provided');
    }),
    completeSso: fromPromise<SsoTokens, { url: string }>(async () => {
      throw new Error('completeSso not provided');
    }),
    endProviderSession: fromPromise<void, { idToken: string }>(async () => {
      throw new Error('endProviderSession not provided');
    }),
    exchangeToken: fromPromise<{ twoFactor: boolean } | void, { idToken: string; accessToken: string }>(async () => {}),
    fetchUser: fromPromise<User, void>(async () => {
      throw new Error('fetchUser not provided');
    }),
    fetchPermissions: fromPromise<Permissions, void>(async () => {
      throw new Error('fetchPermissions not provided');
    }),
    fetchSession: fromPromise<{ user: User; permissions: Permissions }, void>(async () => {
      throw new Error('fetchSession not provided');
    }),
    /** May resolve the identity token of an SSO session, so the provider's end-session can be offered. */
    signOut: fromPromise<{ endSessionHint: string | null }, void>(async () => ({ endSessionHint: null })),
  },
  actions: {
    markGuest: () => storeGuestFlag(true),
    markNotGuest: () => storeGuestFlag(false),
    applyUserTheme: ({ context }) => applyThemeColor(context.user?.theme_color),
    clearStoredTokens: () => {},
    clearSession: assign({ ...signedOutContext }),
    /** Tells the system that whatever session there was is over (the root provides what that means). */
    endSession: () => {},
    /** SPEC §4 landing, decided from the navigation actor's current location. */
    land: enqueueActions(({ context, system, enqueue }) => {
      const navigation = system.get(ACTOR_IDS.navigation);
      if (!navigation) return;
      const location: string = navigation.getSnapshot().context.location;
      const target = landingPath(context.permissions, location);
      if (target) enqueue.sendTo(navigation, goTo(target));
    }),
    goToLogin: enqueueActions(({ system, enqueue }) => {
      const navigation = system.get(ACTOR_IDS.navigation);
      if (navigation) enqueue.sendTo(navigation, goTo('/login'));
    }),
    goToTwoFactor: enqueueActions(({ system, enqueue }) => {
      const navigation = system.get(ACTOR_IDS.navigation);
      if (!navigation) return;
      // Keep ?redirect= so the landing after the second factor is the one the user asked for.
      const location: string = navigation.getSnapshot().context.location;
      const query = location.includes('?') ? location.slice(location.indexOf('?')) : '';
      enqueue.sendTo(navigation, goTo(`${TWO_FACTOR_PATH}${query}`));
    }),
    /** Back from the provider: /login?redirect= again, so landing goes where the user was going. */
    restoreRedirect: enqueueActions(({ event, system, enqueue }) => {
      const redirect = (event as { output?: SsoTokens }).output?.redirect;
      const navigation = system.get(ACTOR_IDS.navigation);
      if (redirect && navigation) enqueue.sendTo(navigation, goTo(`/login?redirect=${encodeURIComponent(redirect)}`));
    }),
    rememberEndSession: assign({
      endSessionHint: ({ event }) => (event as { output?: { endSessionHint?: string | null } }).output?.endSessionHint ?? null,
    }),
  },
  guards: {
    'the browser says guest': () => readGuestFlag(),
    'the server asks for a second factor': ({ event }) => (event as { output?: { twoFactor?: boolean } }).output?.twoFactor === true,
    'the provider session can be ended': ({ context }) => Boolean(context.endSessionHint),
    'the email is not verified': ({ event }) => isUnverified((event as { error?: unknown }).error),
    'there is simply no session': ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof ApiError && (error.status === 401 || error.status === 419);
    },
  },
}).createMachine({
  id: 'auth',
  context: { user: null, permissions: null, error: null, notice: null },
  initial: 'restoring',
  states: {
    /**
     * A returning visitor whose last state was "not guest": ask the server who they are. User and
     * permissions are fetched together here (nothing typed depends on the order), which saves a
     * round trip before the first page can load its data.
     */
    restoring: {
      tags: ['restoring', 'busy'],
      always: { guard: 'the browser says guest', target: 'signedOut' },
      invoke: {
        src: 'fetchSession',
        onDone: {
          target: 'signedIn',
          actions: [assign({ user: ({ event }) => event.output.user, permissions: ({ event }) => event.output.permissions }), 'land'],
        },
        onError: [
          { guard: 'the email is not verified', target: 'unverified' },
          // No session (401/419) is the ordinary signed-out case; anything else is SPEC §8's user-load error.
          { guard: 'there is simply no session', target: 'signedOut', actions: 'markGuest' },
          { target: 'signedOut', actions: ['markGuest', assign({ error: ({ event }) => failureOf(event.error, 'Error Loading User') })] },
        ],
      },
    },
    signedOut: {
      tags: 'signedOut',
      // Every way into here (sign-out, a 401/419, a failed sign-in or restore) ends the session.
      entry: ['clearSession', 'endSession'],
      on: {
        'auth.submit': { target: 'signingIn' },
        'auth.sso': { target: 'exchangingToken' },
        'auth.ssoStart': { target: 'redirectingToProvider' },
        'auth.ssoReturn': { target: 'completingSso' },
        'auth.ssoEndSession': { guard: 'the provider session can be ended', target: 'endingProviderSession' },
        // Adopt a session the server opened by other means (Fortify's register signs the user in).
        'auth.retry': { target: 'fetchingUser' },
      },
    },
    signingIn: {
      tags: ['signingIn', 'busy'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'signIn',
        input: ({ event }) => (event as Extract<AuthEvent, { type: 'auth.submit' }>).credentials,
        onDone: [{ guard: 'the server asks for a second factor', target: 'twoFactorChallenge' }, { target: 'fetchingUser' }],
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => failureOf(event.error, 'Error Logging In') }) },
      },
    },
    /**
     * Fortify's second factor: the password was right, the server keeps a pending sign-in and
     * waits for a TOTP code or a recovery code. No session exists until it is given.
     */
    twoFactorChallenge: {
      tags: 'twoFactor',
      entry: 'goToTwoFactor',
      on: {
        'auth.twoFactor': { target: 'verifyingTwoFactor' },
        'auth.cancel': { target: 'signedOut', actions: 'goToLogin' },
      },
    },
    verifyingTwoFactor: {
      tags: ['twoFactor', 'signingIn', 'busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'submitTwoFactor',
        input: ({ event }) => (event as Extract<AuthEvent, { type: 'auth.twoFactor' }>).answer,
        onDone: 'fetchingUser',
        // Wrong code (422) or too many tries (429): stay on the challenge with the server's words.
        onError: { target: 'twoFactorChallenge', reenter: false, actions: assign({ error: ({ event }) => failureOf(event.error, TWO_FACTOR_FAILED) }) },
      },
    },
    /** SSO, step 1: the browser leaves for the identity provider (authorization code + PKCE). */
    redirectingToProvider: {
      tags: ['sso', 'signingIn', 'busy'],
      entry: assign({ error: null, notice: null, endSessionHint: null }),
      invoke: {
        src: 'startSso',
        input: ({ self }) => {
          const location: string = self.system.get(ACTOR_IDS.navigation)?.getSnapshot().context.location ?? '/login';
          return { redirect: new URLSearchParams(location.split('?')[1] ?? '').get('redirect') };
        },
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => failureOf(event.error, SSO_FAILED) }) },
      },
    },
    /** SSO, step 2: back at the redirect path; the client library checks state and the id token's nonce. */
    completingSso: {
      tags: ['sso', 'signingIn', 'busy'],
      entry: assign({ error: null, notice: null, endSessionHint: null }),
      invoke: {
        src: 'completeSso',
        input: ({ event }) => ({ url: (event as Extract<AuthEvent, { type: 'auth.ssoReturn' }>).url }),
        onDone: { target: 'exchangingToken', actions: 'restoreRedirect' },
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => failureOf(event.error, SSO_FAILED) }) },
      },
    },
    /** SSO, step 3: the API verifies the identity token and answers a portal token. */
    exchangingToken: {
      tags: ['sso', 'signingIn', 'busy'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'exchangeToken',
        // From `auth.sso` (tokens given directly) or from completingSso's result.
        input: ({ event }) => {
          const tokens = event.type === 'auth.sso' ? event : (event as unknown as { output: SsoTokens }).output;
          return { idToken: tokens.idToken, accessToken: tokens.accessToken };
        },
        // A user with two-factor owes the second factor after SSO too (the server keeps the pending sign-in).
        onDone: [{ guard: 'the server asks for a second factor', target: 'twoFactorChallenge' }, { target: 'fetchingUser' }],
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => failureOf(event.error, SSO_FAILED) }) },
      },
    },
    /** After an SSO sign-out, on request: the provider's end-session page (the browser leaves). */
    endingProviderSession: {
      tags: ['sso', 'busy'],
      invoke: {
        src: 'endProviderSession',
        input: ({ context }) => ({ idToken: context.endSessionHint ?? '' }),
        onError: {
          target: 'signedOut',
          actions: assign({ endSessionHint: null, error: ({ event }) => failureOf(event.error, SSO_FAILED) }),
        },
      },
    },
    fetchingUser: {
      tags: ['signingIn', 'busy'],
      invoke: {
        src: 'fetchUser',
        onDone: { target: 'fetchingPermissions', actions: assign({ user: ({ event }) => event.output }) },
        onError: [
          { guard: 'the email is not verified', target: 'unverified' },
          {
            target: 'signedOut',
            // SPEC §8: a user-fetch error shows its own message ('Unable to fetch user after login…'
            // only when no user came back at all; src/api/auth.ts decides which).
            actions: assign({ error: ({ event }) => failureOf(event.error, 'Error Fetching User') }),
          },
        ],
      },
    },
    fetchingPermissions: {
      tags: ['signingIn', 'busy'],
      invoke: {
        src: 'fetchPermissions',
        onDone: {
          target: 'signedIn',
          actions: [assign({ permissions: ({ event }) => event.output }), 'land'],
        },
        onError: {
          target: 'signedOut',
          actions: assign({ error: ({ event }) => failureOf(event.error, 'Error fetching user permissions') }),
        },
      },
    },
    signedIn: {
      tags: 'signedIn',
      description: 'a signed-in user',
      entry: ['markNotGuest', 'applyUserTheme'],
      on: {
        'auth.logout': 'signingOut',
        'auth.expired': {
          target: 'signedOut',
          actions: ['clearStoredTokens', 'markGuest', assign({ notice: 'Your session has ended. Please sign in again.' }), 'goToLogin'],
        },
        'auth.unverified': 'unverified',
        'auth.userUpdated': {
          actions: [assign({ user: ({ event }) => event.user }), 'applyUserTheme'],
        },
      },
    },
    /** Signed in at the server, but SPEC §5's 403 says the email must be verified first. */
    unverified: {
      tags: 'unverified',
      entry: 'markNotGuest',
      on: {
        'auth.retry': 'fetchingUser',
        'auth.logout': 'signingOut',
        'auth.expired': { target: 'signedOut', actions: ['clearStoredTokens', 'markGuest', 'goToLogin'] },
      },
    },
    signingOut: {
      tags: 'busy',
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['rememberEndSession', 'clearStoredTokens', 'markGuest', 'goToLogin'] },
        // The local session ends whatever the server said; the failure is still reported.
        onError: {
          target: 'signedOut',
          actions: [
            'clearStoredTokens',
            'markGuest',
            assign({ error: ({ event }) => failureOf(event.error, 'Error Logging Out') }),
            'goToLogin',
          ],
        },
      },
    },
  },
});

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** True in every state where a user is known to the server (for the transport's 401 rule). */
export function isSignedIn(snapshot: AuthSnapshot): boolean {
  return snapshot.hasTag('signedIn') || snapshot.hasTag('unverified');
}
