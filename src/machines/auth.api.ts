import type { Credentials, TwoFactorAnswer } from '../api/auth';
import type { User } from '../api/schemas/user';
import type { AuthActor, AuthSnapshot } from './auth';

/**
 * The auth actor's named API: what a view may ask of it and read from it. Senders build the
 * events, selectors read tags and context, so no view knows an event's shape or a state's name.
 * Pure (no React): `useAuth()` memoises it per actor, tests call it on a bare actor.
 */
export function authApi(auth: AuthActor) {
  return {
    signIn: (credentials: Credentials) => auth.send({ type: 'auth.submit', credentials }),
    /** Leaves for the identity provider (SSO). */
    startSso: () => auth.send({ type: 'auth.ssoStart' }),
    /** Back from the identity provider: completes the sign-in from the URL it sent the browser to. */
    completeSso: (url: string) => auth.send({ type: 'auth.ssoReturn', url }),
    /** After an SSO sign-out: ends the session at the identity provider too. */
    endProviderSession: () => auth.send({ type: 'auth.ssoEndSession' }),
    answerTwoFactor: (answer: TwoFactorAnswer) => auth.send({ type: 'auth.twoFactor', answer }),
    cancelTwoFactor: () => auth.send({ type: 'auth.cancel' }),
    signOut: () => auth.send({ type: 'auth.logout' }),
    /** Asks the server again who is signed in (after a verification, or a registration that signed in). */
    recheck: () => auth.send({ type: 'auth.retry' }),
    userUpdated: (user: User) => auth.send({ type: 'auth.userUpdated', user }),
  };
}

export type AuthActorApi = ReturnType<typeof authApi>;

/** The auth state as one word, for gates and pages. */
export type AuthPhase = 'restoring' | 'signedOut' | 'working' | 'signedIn' | 'unverified';

/** Reads of the auth actor for `useSelector` (module-level, so they are stable). */
export const authSelectors = {
  phase: (s: AuthSnapshot): AuthPhase =>
    s.hasTag('restoring') ? 'restoring' : s.hasTag('signedIn') ? 'signedIn' : s.hasTag('unverified') ? 'unverified' : s.hasTag('signedOut') ? 'signedOut' : 'working',
  /** On the way to a session: the login form waits. */
  signingIn: (s: AuthSnapshot) => s.hasTag('signingIn') || s.hasTag('sso'),
  /** A step with the identity provider. */
  ssoBusy: (s: AuthSnapshot) => s.hasTag('sso'),
  /** Signed out of an SSO session whose provider session can still be ended. */
  endSessionOffered: (s: AuthSnapshot) => s.hasTag('signedOut') && Boolean(s.context.endSessionHint),
  /** A second factor is awaited or being checked. */
  twoFactorPending: (s: AuthSnapshot) => s.hasTag('twoFactor'),
  /** The second factor's failure, while the challenge waits for another answer. */
  twoFactorError: (s: AuthSnapshot) => (s.hasTag('twoFactor') && !s.hasTag('busy') ? s.context.error : null),
  error: (s: AuthSnapshot) => s.context.error,
  notice: (s: AuthSnapshot) => s.context.notice,
  user: (s: AuthSnapshot) => s.context.user,
  permissions: (s: AuthSnapshot) => s.context.permissions,
};
