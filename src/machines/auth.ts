import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Credentials } from '../api/auth';
import { ApiError } from '../api/errors';
import { UNVERIFIED_MESSAGE } from '../api/http';
import type { Permissions } from '../api/schemas/permissions';
import type { User } from '../api/schemas/user';
import { ACTOR_IDS } from './actorIds';
import { applyThemeColor, readGuestFlag, storeGuestFlag } from './effects';
import { landingPath } from './landing';
import type { NavigationEvent } from './navigation';
import { failureOf, type OperationFailure } from './operation';

export { NO_USER_AFTER_LOGIN } from '../api/auth';

export interface AuthContext {
  user: User | null;
  permissions: Permissions | null;
  error: OperationFailure | null;
  /** Why the user was signed out, shown on the login page. */
  notice: string | null;
}

export type AuthEvent =
  | { type: 'auth.submit'; credentials: Credentials }
  | { type: 'auth.sso'; idToken: string; accessToken: string }
  | { type: 'auth.logout' }
  | { type: 'auth.expired' }
  | { type: 'auth.unverified' }
  | { type: 'auth.retry' }
  | { type: 'auth.userUpdated'; user: User };

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
  },
  actors: {
    signIn: fromPromise<void, Credentials>(async () => {}),
    exchangeToken: fromPromise<void, { idToken: string; accessToken: string }>(async () => {}),
    fetchUser: fromPromise<User, void>(async () => {
      throw new Error('fetchUser not provided');
    }),
    fetchPermissions: fromPromise<Permissions, void>(async () => {
      throw new Error('fetchPermissions not provided');
    }),
    fetchSession: fromPromise<{ user: User; permissions: Permissions }, void>(async () => {
      throw new Error('fetchSession not provided');
    }),
    signOut: fromPromise<void, void>(async () => {}),
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
  },
  guards: {
    'the browser says guest': () => readGuestFlag(),
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
      // Every way into here (sign-out, a 401/419, a failed sign-in or restore) ends the session.
      entry: ['clearSession', 'endSession'],
      on: {
        'auth.submit': { target: 'signingIn' },
        'auth.sso': { target: 'exchangingToken' },
        // Adopt a session the server opened by other means (Fortify's register signs the user in).
        'auth.retry': { target: 'fetchingUser' },
      },
    },
    signingIn: {
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'signIn',
        input: ({ event }) => (event as Extract<AuthEvent, { type: 'auth.submit' }>).credentials,
        onDone: 'fetchingUser',
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => failureOf(event.error, 'Error Logging In') }) },
      },
    },
    exchangingToken: {
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'exchangeToken',
        input: ({ event }) => {
          const sso = event as Extract<AuthEvent, { type: 'auth.sso' }>;
          return { idToken: sso.idToken, accessToken: sso.accessToken };
        },
        onDone: 'fetchingUser',
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => failureOf(event.error, 'Error Logging In') }) },
      },
    },
    fetchingUser: {
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
      entry: 'markNotGuest',
      on: {
        'auth.retry': 'fetchingUser',
        'auth.logout': 'signingOut',
        'auth.expired': { target: 'signedOut', actions: ['clearStoredTokens', 'markGuest', 'goToLogin'] },
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['clearStoredTokens', 'markGuest', 'goToLogin'] },
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
  return snapshot.matches('signedIn') || snapshot.matches('unverified');
}
