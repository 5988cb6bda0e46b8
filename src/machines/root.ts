import { createActor, enqueueActions, fromPromise, sendParent, setup, spawnChild, type ActorRefFrom, type AnyActorLogic, type AnyActorRef, type InspectionEvent, type Observer } from 'xstate';
import { createAuthApi, type SessionAnswer } from '../api/auth';
import { deleteCookie, writeCookie } from '../api/cookies';
import type { Http } from '../api/http';
import type { Permissions } from '../api/schemas/permissions';
import type { User } from '../api/schemas/user';
import type { RuntimeConfig } from '../config';
import { createAccountFilterMachine, type AccountFilterActor } from './accountFilter';
import { ACTOR_IDS } from './actorIds';
import { authMachine, isSignedIn, type AuthActor } from './auth';
import { readGuestFlag } from './effects';
import { createAuthBranchActors } from './authBranches';
import { navigationMachine, type NavigationActor } from './navigation';
import { createOperation, type OperationActor } from './operation';
import { routeMachine, type FirstCallInput, type RouteActor } from './route';

/**
 * Areas whose code lives in lazy chunks (chat, resources, reporting, account flows) still put
 * their actors in the one system, so the inspector and tests reach them by systemId. The area's
 * chunk builds the logic (machines/areas.ts) and hands it to the root in this event; the root
 * spawns it once. The root never imports the areas, which keeps their code out of the initial
 * bundle.
 */
export interface RootSpawnEvent {
  type: 'root.spawn';
  systemId: string;
  /** Builds the logic (a function, so a recorded walk serialises without it and a replay skips it). */
  create: () => AnyActorLogic;
  input?: unknown;
  /** `session` (default): lives until the session ends. `page`: released by its page. */
  scope?: 'session' | 'page';
}

/** Stops a page-scoped actor (its page is gone). */
export interface RootReleaseEvent {
  type: 'root.release';
  systemId: string;
}

export interface SystemRoot {
  send(event: RootSpawnEvent | RootReleaseEvent): void;
  system: { get(systemId: string): AnyActorRef | undefined };
}

/** The actor with this systemId, spawned by the root the first time it is asked for. */
export function ensureSystemActor<T extends AnyActorRef>(root: SystemRoot, systemId: string, create: () => AnyActorLogic, input?: unknown, scope: 'session' | 'page' = 'session'): T {
  if (!root.system.get(systemId)) root.send({ type: 'root.spawn', systemId, create, input, scope });
  const actor = root.system.get(systemId);
  if (!actor) throw new Error(`ensureSystemActor: the root did not spawn ${systemId}`);
  return actor as T;
}

export function releaseSystemActor(root: SystemRoot, systemId: string): void {
  root.send({ type: 'root.release', systemId });
}

interface RootContext {
  /** systemIds of the area actors spawned for this session (stopped together when it ends). */
  areas: string[];
}

type RootEvent = RootSpawnEvent | RootReleaseEvent | { type: 'session.ended' };

export interface PortalDeps {
  http: Http;
  config: Pick<RuntimeConfig, 'cookies'> & Partial<Pick<RuntimeConfig, 'chatUrl' | 'sso'>>;
  /** Where the portal starts (path + query). */
  location?: string;
  /**
   * The session read boot started as soon as its first module ran (src/bootEarly.ts), on this
   * `http`, for a browser not marked guest: the restore adopts it instead of sending its own, so
   * the answer is on its way while the machines are still being built.
   */
  sessionRead?: Promise<SessionAnswer>;
  /**
   * The route table's first calls (src/routeData.ts `sendFirstCalls`): the route actor runs it for
   * each new place. Machines do not import the route table (it names the views); without it, no
   * page call is sent by the route actor.
   */
  firstCalls?: (owner: { root: SystemRoot; http: Http; config: PortalDeps['config'] }, input: FirstCallInput, signal: AbortSignal) => Promise<void> | void;
}

/** The system: every long-lived actor, each with its systemId (ACTOR_IDS). */
export function createRootMachine({ http, config, location = '/', firstCalls, sessionRead: startedRead }: PortalDeps) {
  const authApi = createAuthApi(http);
  let sessionRead = startedRead;
  const { cookies } = config;

  const auth = authMachine.provide({
    guards: {
      // A read boot started was started because the browser is not a guest (src/bootEarly.ts); a
      // server drawing the first screen (src/serverRender.tsx) has no localStorage to ask.
      'the browser says guest': () => sessionRead === undefined && readGuestFlag(),
    },
    actors: {
      // Password (+ Fortify's second factor), SSO and sign-out.
      ...createAuthBranchActors({ authApi, sso: config.sso, cookies }),
      exchangeToken: fromPromise(async ({ input, signal }) => {
        await authApi.csrfCookie(signal);
        const answer = await authApi.exchangeIdentityToken({ ...input, deviceName: 'agent-portal' }, signal);
        writeCookie(cookies.idToken, input.idToken);
        writeCookie(cookies.accessToken, input.accessToken);
        if ('token' in answer) writeCookie(cookies.portalToken, answer.token);
        return { twoFactor: 'twoFactor' in answer };
      }),
      fetchUser: fromPromise<User, void>(({ signal }) => authApi.fetchUser(signal)),
      fetchPermissions: fromPromise<Permissions, void>(({ signal }) => authApi.fetchPermissions(signal)),
      fetchSession: fromPromise<SessionAnswer, void>(({ signal }) => {
        // The first restore adopts the read boot started before this system was built; any later one reads anew.
        const early = sessionRead;
        sessionRead = undefined;
        return early ?? authApi.fetchSession(signal);
      }),
    },
    actions: {
      clearStoredTokens: () => {
        if (typeof document === 'undefined') return;
        for (const name of [cookies.accessToken, cookies.idToken, cookies.portalToken]) deleteCookie(name);
      },
      endSession: sendParent({ type: 'session.ended' }),
    },
  });

  const accountFilter = createAccountFilterMachine(async (_input, signal) => (await authApi.fetchAccounts(signal)).data);

  // The dashboard's totals (signed in only): their reader loads with the first call, not with /login.
  const globalTotals = createOperation(async (_input: void, signal) => (await import('../api/globalTotals')).fetchGlobalTotals(http, signal));

  const route = routeMachine.provide({
    actors: {
      firstCalls: fromPromise<void, FirstCallInput>(async ({ input, system, signal }) => {
        const root = system.get(ACTOR_IDS.root) as SystemRoot | undefined;
        if (root && firstCalls) await firstCalls({ root, http, config }, input, signal);
      }),
    },
  });

  return setup({
    types: { context: {} as RootContext, events: {} as RootEvent },
    actors: { auth, navigation: navigationMachine, accountFilter, globalTotals, route },
  }).createMachine({
    id: ACTOR_IDS.root,
    context: { areas: [] },
    on: {
      // Long-lived actors of lazily loaded areas (chat, resources, reporting), spawned once each.
      'root.spawn': {
        actions: enqueueActions(({ enqueue, event, system }) => {
          if (typeof event.create !== 'function' || system.get(event.systemId)) return;
          enqueue.spawnChild(event.create(), { systemId: event.systemId, input: event.input });
          if (event.scope !== 'page') enqueue.assign({ areas: ({ context }) => [...context.areas, event.systemId] });
        }),
      },
      // A page's flow ends with its page.
      'root.release': {
        actions: enqueueActions(({ enqueue, event, system, context }) => {
          const actor = system.get(event.systemId);
          if (actor && !context.areas.includes(event.systemId)) enqueue.stopChild(actor);
        }),
      },
      /**
       * THE session rule: when a session ends (sign-out, a 401/419, a failed restore), every area's
       * actors stop (their pending calls abort, their records, lists and chats go with them) and the
       * shell forgets the user's dashboard totals and account filter. The next user of the tab gets
       * new actors on first use, so nothing of the previous user's can render.
       */
      'session.ended': {
        actions: enqueueActions(({ enqueue, context, system }) => {
          for (const systemId of context.areas) {
            const area = system.get(systemId);
            if (area) enqueue.stopChild(area);
          }
          enqueue.assign({ areas: [] });
          enqueue.sendTo(ACTOR_IDS.dashboard, { type: 'operation.reset' });
          enqueue.sendTo(ACTOR_IDS.accountFilter, { type: 'accountFilter.clear' });
          // Where the user has been (list positions, flow histories) is the user's too.
          enqueue.sendTo(ACTOR_IDS.navigation, { type: 'navigation.forget' });
        }),
      },
    },
    entry: [
      spawnChild('navigation', { id: ACTOR_IDS.navigation, systemId: ACTOR_IDS.navigation, input: { location } }),
      spawnChild('accountFilter', { id: ACTOR_IDS.accountFilter, systemId: ACTOR_IDS.accountFilter }),
      spawnChild('globalTotals', { id: ACTOR_IDS.dashboard, systemId: ACTOR_IDS.dashboard, input: { summary: 'Error Loading Records' } }),
      // Last: auth may land (navigate) as soon as it starts.
      spawnChild('auth', { id: ACTOR_IDS.auth, systemId: ACTOR_IDS.auth }),
      // After the shell's actors it watches (navigation, auth, account filter).
      spawnChild('route', { id: ACTOR_IDS.route, systemId: ACTOR_IDS.route }),
    ],
  });
}

export interface Portal {
  root: ActorRefFrom<ReturnType<typeof createRootMachine>>;
  auth: AuthActor;
  navigation: NavigationActor;
  accountFilter: AccountFilterActor;
  globalTotals: OperationActor;
  route: RouteActor;
  http: Http;
}

/** Starts the system and ties the transport's session rules to it. */
export function startPortal(deps: PortalDeps, options: { inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void) } = {}): Portal {
  const root = createActor(createRootMachine(deps), { systemId: ACTOR_IDS.root, inspect: options.inspect });
  root.start();
  const system = root.system;
  const auth = system.get(ACTOR_IDS.auth) as AuthActor;
  const navigation = system.get(ACTOR_IDS.navigation) as NavigationActor;
  const accountFilter = system.get(ACTOR_IDS.accountFilter) as AccountFilterActor;
  const globalTotals = system.get(ACTOR_IDS.dashboard) as OperationActor;
  const route = system.get(ACTOR_IDS.route) as RouteActor;

  deps.http.setHooks({
    accountId: () => accountFilter.getSnapshot().context.accountId,
    isSignedIn: () => isSignedIn(auth.getSnapshot()),
    // The auth statechart accepts this only while signed in: many failing calls log out once.
    sessionExpired: () => auth.send({ type: 'auth.expired' }),
    unverified: () => {
      const here = navigation.getSnapshot().context.location;
      auth.send({ type: 'auth.unverified' });
      if (!here.startsWith('/email-verification')) {
        navigation.send({ type: 'navigation.go', to: `/email-verification?redirect=${encodeURIComponent(here)}`, replace: true });
      }
    },
    forbidden: () => navigation.send({ type: 'navigation.go', to: '/error/forbidden', replace: true }),
  });

  return { root, auth, navigation, accountFilter, globalTotals, route, http: deps.http };
}
