import { assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import type { Permissions } from '../api/schemas/permissions';
import { ACTOR_IDS } from './actorIds';
import { isGlobal } from './permissions';

/** Where the user is and in which account scope: what a page's first call depends on. */
export interface RoutePlace {
  /** Path + query, as navigation has it. */
  location: string;
  /** The account filter's choice (null: all accounts). */
  accountId: string | null;
}

/** What the route actor hands its `firstCalls` actor: where the user is now, and where the last call was sent from. */
export interface FirstCallInput extends RoutePlace {
  permissions: Permissions | null;
  /** The place of the last first call sent this session (null: the first since sign-in). */
  before: RoutePlace | null;
}

export interface RouteContext {
  location: string;
  accountId: string | null;
  permissions: Permissions | null;
  /** The place the last first call was sent for (list position rules compare against it). */
  last: RoutePlace | null;
}

export type RouteEvent =
  /** navigation.located, as the route actor hears it. */
  | { type: 'route.located'; location: string }
  /** The account filter's choice changed. */
  | { type: 'route.scoped'; accountId: string | null }
  /** A session started (sign-in or restore) or ended. */
  | { type: 'route.session'; signedIn: boolean; permissions: Permissions | null };

const sameSnapshot = <T>(read: () => T, tell: (value: T) => void) => {
  let last = read();
  return () => {
    const now = read();
    if (now !== last) tell((last = now));
  };
};

/**
 * THE sender of a page's first call (systemId `route`). It hears where the user is
 * (`navigation.located`), the session (sign-in, restore, sign-out) and the account filter, and for
 * each new place runs `firstCalls` (the route table's loader for that location, wired in
 * src/routeData.ts), which sends the page's first request to its area actor: a list's browse or
 * a paginate-by-link, a record's read, a conversation's open, the overview's figures. Pages do not
 * send their first call; an area actor ignores a request equal to the one it is running, so there
 * is one request per place. The place of the last call is context (`last`), so the inspector shows
 * it and the session rule clears it.
 */
export const routeMachine = setup({
  types: { context: {} as RouteContext, events: {} as RouteEvent },
  actors: {
    /** Sends the first call of `input.location` (provided by the root from the portal's route table). */
    firstCalls: fromPromise<void, FirstCallInput>(async () => {}),
    /** The system's navigation, auth and account filter, as events (they are the shell's, so they exist). */
    watch: fromCallback<RouteEvent>(({ system, sendBack }) => {
      const get = (id: string) => system.get(id) as AnyActorRef | undefined;
      const navigation = get(ACTOR_IDS.navigation);
      const auth = get(ACTOR_IDS.auth);
      const filter = get(ACTOR_IDS.accountFilter);
      const subscriptions = [
        navigation?.subscribe(sameSnapshot(() => navigation.getSnapshot().context.location as string, (location) => sendBack({ type: 'route.located', location }))),
        auth?.subscribe(
          sameSnapshot(
            () => auth.getSnapshot().matches('signedIn') as boolean,
            (signedIn) => sendBack({ type: 'route.session', signedIn, permissions: signedIn ? (auth.getSnapshot().context.permissions ?? null) : null }),
          ),
        ),
        filter?.subscribe(sameSnapshot(() => filter.getSnapshot().context.accountId as string | null, (accountId) => sendBack({ type: 'route.scoped', accountId }))),
      ];
      // Where things stand when the route actor starts; a session may already be under way.
      if (navigation) sendBack({ type: 'route.located', location: navigation.getSnapshot().context.location as string });
      if (filter) sendBack({ type: 'route.scoped', accountId: filter.getSnapshot().context.accountId as string | null });
      if (auth?.getSnapshot().matches('signedIn')) sendBack({ type: 'route.session', signedIn: true, permissions: auth.getSnapshot().context.permissions ?? null });
      return () => subscriptions.forEach((subscription) => subscription?.unsubscribe());
    }),
  },
  actions: {
    /**
     * After the first page's call, the shell's own (the account filter's accounts, for users who
     * see several): it names a list's Account column too, so it comes with the rows.
     */
    needAccounts: enqueueActions(({ context, enqueue, system }) => {
      const filter = system.get(ACTOR_IDS.accountFilter);
      if (filter && isGlobal(context.permissions, 'Accounts')) enqueue.sendTo(filter, { type: 'accountFilter.need' });
    }),
  },
}).createMachine({
  id: 'route',
  context: { location: '/', accountId: null, permissions: null, last: null },
  invoke: { src: 'watch' },
  on: {
    'route.located': { actions: assign({ location: ({ event }) => event.location }) },
    'route.scoped': { actions: assign({ accountId: ({ event }) => event.accountId }) },
  },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'route.session': { guard: ({ event }) => event.signedIn, target: 'signedIn', actions: assign({ permissions: ({ event }) => event.permissions }) },
      },
    },
    signedIn: {
      initial: 'first',
      states: {
        /** The session's first page: its call, then the shell's own. */
        first: {
          invoke: {
            src: 'firstCalls',
            input: ({ context }) => ({ location: context.location, accountId: context.accountId, permissions: context.permissions, before: null }),
            onDone: { target: 'settled', actions: ['needAccounts', assign({ last: ({ context }) => ({ location: context.location, accountId: context.accountId }) })] },
            onError: { target: 'settled', actions: 'needAccounts' },
          },
          on: {
            'route.located': { target: 'first', reenter: true, actions: assign({ location: ({ event }) => event.location }) },
            'route.scoped': { target: 'first', reenter: true, actions: assign({ accountId: ({ event }) => event.accountId }) },
          },
        },
        /** A new place (another location, another account): its first call. */
        sending: {
          invoke: {
            src: 'firstCalls',
            input: ({ context }) => ({ location: context.location, accountId: context.accountId, permissions: context.permissions, before: context.last }),
            onDone: { target: 'settled', actions: assign({ last: ({ context }) => ({ location: context.location, accountId: context.accountId }) }) },
            onError: 'settled',
          },
        },
        settled: {},
      },
      on: {
        // The session rule: the next user starts with no place remembered.
        'route.session': { guard: ({ event }) => !event.signedIn, target: 'signedOut', actions: assign({ permissions: null, last: null }) },
        'route.located': { guard: ({ context, event }) => event.location !== context.location, target: '.sending', reenter: true, actions: assign({ location: ({ event }) => event.location }) },
        'route.scoped': { guard: ({ context, event }) => event.accountId !== context.accountId, target: '.sending', reenter: true, actions: assign({ accountId: ({ event }) => event.accountId }) },
      },
    },
  },
});

export type RouteActor = ActorRefFrom<typeof routeMachine>;

/** Settles once the current place's first call is sent (or known not to be): boot renders after it. */
export function firstCallSent(route: RouteActor): Promise<void> {
  return new Promise((resolve) => {
    const done = (snapshot: ReturnType<RouteActor['getSnapshot']>) => !snapshot.matches({ signedIn: 'first' }) && !snapshot.matches({ signedIn: 'sending' });
    if (done(route.getSnapshot())) return resolve();
    const subscription = route.subscribe((snapshot) => {
      if (!done(snapshot)) return;
      subscription.unsubscribe();
      resolve();
    });
  });
}
