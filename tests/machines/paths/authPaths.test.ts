import { describe, expect, test } from 'vitest';
import type { EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';
import { ApiError } from '../../../src/api/errors';
import { UNVERIFIED_MESSAGE } from '../../../src/api/http';
import { authMachine, type AuthSnapshot } from '../../../src/machines/auth';
import { adminUser } from '../../support/apiFixtures';
import { done, edges, failed, handledPairs, invokeIds, stateKeys, vertices } from './graphCoverage';

/**
 * The auth statechart walked by xstate/graph (no network, no actor: the pure transition function).
 * Every invoked call's outcomes are events here (`xstate.done.actor.*` / `xstate.error.actor.*`),
 * so the traversal reaches every state and takes every transition the machine declares.
 */
const permissions = { Bots: { view: 1 } };
const updatedUser = { ...adminUser, name: 'Ada Renamed' };
const noSession = new ApiError({ status: 401, detail: 'Unauthenticated.' });
const notVerified = new ApiError({ status: 403, detail: UNVERIFIED_MESSAGE, serverMessage: UNVERIFIED_MESSAGE });
const serverDown = new ApiError({ status: 500, detail: 'Server Error' });
const credentials = { email: 'admin@example.com', password: 'password' };

// Side effects (storage, theme, cookies, the parent) are not what these tests are about.
const logic = (guest: boolean) =>
  authMachine.provide({
    guards: { 'the browser says guest': () => guest },
    actions: { markGuest: () => {}, markNotGuest: () => {}, applyUserTheme: () => {}, clearStoredTokens: () => {}, endSession: () => {} },
  });

const ids = invokeIds(authMachine);

/** What the user (and the transport) can send, and every outcome of every call. */
// Invoke outcomes are not in the machine's event union: cast for the traversal's types.
const events = [
  { type: 'auth.submit', credentials },
  { type: 'auth.sso', idToken: 'id', accessToken: 'access' },
  { type: 'auth.logout' },
  { type: 'auth.expired' },
  { type: 'auth.unverified' },
  { type: 'auth.retry' },
  { type: 'auth.userUpdated', user: updatedUser },
  { type: 'auth.ssoStart' },
  { type: 'auth.ssoReturn', url: 'http://portal.test/login?code=c&state=s' },
  { type: 'auth.ssoEndSession' },
  { type: 'auth.twoFactor', answer: { code: '123456' } },
  { type: 'auth.cancel' },
  done(ids.restoring!, { user: adminUser, permissions }),
  failed(ids.restoring!, noSession),
  failed(ids.restoring!, notVerified),
  failed(ids.restoring!, serverDown),
  done(ids.signingIn!, { twoFactor: false }),
  done(ids.signingIn!, { twoFactor: true }),
  failed(ids.signingIn!, serverDown),
  done(ids.verifyingTwoFactor!),
  failed(ids.verifyingTwoFactor!, serverDown),
  failed(ids.redirectingToProvider!, serverDown),
  done(ids.completingSso!, { idToken: 'id', accessToken: 'access', redirect: '/bots' }),
  failed(ids.completingSso!, serverDown),
  done(ids.exchangingToken!),
  failed(ids.exchangingToken!, serverDown),
  failed(ids.endingProviderSession!, serverDown),
  done(ids.fetchingUser!, adminUser),
  failed(ids.fetchingUser!, notVerified),
  failed(ids.fetchingUser!, serverDown),
  done(ids.fetchingPermissions!, permissions),
  failed(ids.fetchingPermissions!, serverDown),
  done(ids.signingOut!, { endSessionHint: 'id-token' }),
  done(ids.signingOut!, { endSessionHint: null }),
  failed(ids.signingOut!, serverDown),
] as EventObject[] as never[];

/** A state is its name and what its guards and the invariants below read from the context. */
const serializeState = (s: AuthSnapshot) =>
  JSON.stringify([s.value, Boolean(s.context.endSessionHint), Boolean(s.context.user), Boolean(s.context.permissions), s.context.error?.summary ?? null, Boolean(s.context.notice)]);
const options = { events, serializeState: serializeState as (s: unknown) => string };

const valueOf = (s: AuthSnapshot) => s.value as string;
/** The graph of names alone (and the guard's hint): a simple path never visits a state twice. */
const byName = { events, serializeState: ((s: AuthSnapshot) => JSON.stringify([s.value, Boolean(s.context.endSessionHint)])) as (s: unknown) => string };

describe('auth statechart: xstate/graph paths', () => {
  const adjacency = getAdjacencyMap(logic(false), options);
  const snapshots = vertices(adjacency).map((vertex) => vertex.state as AuthSnapshot);

  test('every state is reachable, and every event each state declares is taken somewhere', () => {
    expect(new Set(snapshots.map(valueOf))).toEqual(new Set(stateKeys(authMachine)));
    const taken = new Set<string>();
    for (const vertex of vertices(adjacency)) {
      for (const { event, state } of edges(vertex)) {
        // Taken = it changed something (a guarded-out or ignored event leaves the snapshot as it was).
        if (serializeState(state as AuthSnapshot) !== serializeState(vertex.state as AuthSnapshot) || event.type === 'auth.userUpdated') {
          taken.add(`${valueOf(vertex.state as AuthSnapshot)} ${event.type}`);
        }
      }
    }
    const missing = handledPairs(authMachine).filter((pair) => !taken.has(pair));
    expect(missing).toEqual([]);
  });

  test('a returning guest starts signed out; a returning member asks the server first', () => {
    expect(valueOf(getShortestPaths(logic(true), byName)[0]!.state as AuthSnapshot)).toBe('signedOut');
    expect(valueOf(getShortestPaths(logic(false), byName)[0]!.state as AuthSnapshot)).toBe('restoring');
  });

  test('in every reachable snapshot: signed out holds no user; signed in holds user and permissions; tags match the phase', () => {
    for (const s of snapshots) {
      const state = valueOf(s);
      if (state === 'signedOut') expect([s.context.user, s.context.permissions]).toEqual([null, null]);
      if (state === 'signedIn') expect(Boolean(s.context.user && s.context.permissions)).toBe(true);
      // Exactly the states with a call in flight are `busy` (views read the tag, not the name).
      const invokes = authMachine.root.states[state]!.invoke.length > 0;
      expect(s.hasTag('busy'), state).toBe(invokes);
      for (const phase of ['signedOut', 'signedIn', 'unverified', 'restoring'] as const) expect(s.hasTag(phase), `${state} ${phase}`).toBe(state === phase);
    }
  });

  test('shortest paths: password sign-in, second factor, SSO and the provider sign-out take the steps SPEC §4 lists', () => {
    const from = snapshots.find((s) => valueOf(s) === 'signedOut')!;
    const paths = getShortestPaths(logic(false), { ...options, fromState: from as AuthSnapshot });
    const stepsTo = (target: string) =>
      paths
        .filter((p) => valueOf(p.state as AuthSnapshot) === target)
        .map((p) =>
          p.steps
            .map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\..*/, (m) => (m.includes('.done.') ? 'done' : 'error')))
            .filter((type) => type !== 'xstate.init'),
        )
        .sort((a, b) => a.length - b.length)[0];
    // The shortest way in adopts a session the server already has (Fortify's register): user, then permissions.
    expect(stepsTo('signedIn')).toEqual(['auth.retry', 'done', 'done']);
    expect(stepsTo('twoFactorChallenge')).toEqual(['auth.submit', 'done']);
    expect(stepsTo('verifyingTwoFactor')).toEqual(['auth.submit', 'done', 'auth.twoFactor']);
    expect(stepsTo('exchangingToken')).toEqual(['auth.sso']);
    expect(stepsTo('completingSso')).toEqual(['auth.ssoReturn']);
    expect(stepsTo('unverified')).toEqual(['auth.retry', 'error']);
    // The provider's end-session is offered only after signing out of a session that had one.
    // (an unverified user may sign out too).
    expect(stepsTo('endingProviderSession')).toEqual(['auth.retry', 'error', 'auth.logout', 'done', 'auth.ssoEndSession']);
  });

  test('simple paths: no way into signedIn skips the permissions call, and none from signedOut skips the user call', () => {
    const from = snapshots.find((s) => valueOf(s) === 'signedOut' && !s.context.error && !s.context.endSessionHint)!;
    const paths = getSimplePaths(logic(false), {
      ...byName,
      fromState: from,
      toState: (s) => valueOf(s as AuthSnapshot) === 'signedIn',
    });
    expect(paths.length).toBeGreaterThan(2);
    for (const path of paths) {
      const visited = path.steps.map((step) => valueOf(step.state as AuthSnapshot));
      expect(visited.at(-2), visited.join(' → ')).toBe('fetchingPermissions');
      expect(visited, visited.join(' → ')).toContain('fetchingUser');
    }
  });
});
