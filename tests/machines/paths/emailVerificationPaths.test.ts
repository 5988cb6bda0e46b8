import { describe, expect, test } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';
import { ApiError } from '../../../src/api/errors';
import {
  createConfirmEmailMachine,
  EXPIRED_LINK_MESSAGE,
  VERIFY_ERROR_SUMMARY,
  VERIFY_FAILED_SUMMARY,
  verificationCheckMachine,
} from '../../../src/machines/account/emailVerification';
import { failureOf } from '../../../src/machines/operation';
import { edges, handledPairs, invokeIds, reportFailed, reportSucceeded, stateKeys, vertices } from './graphCoverage';

/**
 * The email-verification flows walked by xstate/graph: the confirmation page's flow (follow the
 * mailed link, let auth catch up, go on) and the prompt's "I have verified my email" check. The
 * auth actor's answer (`authSync.settled`) and the link call's outcomes are events here.
 */
const confirmEmailMachine = createConfirmEmailMachine(async () => 'Your email address has been verified.');
type ConfirmSnapshot = SnapshotFrom<typeof confirmEmailMachine>;
type CheckSnapshot = SnapshotFrom<typeof verificationCheckMachine>;

const expired = new ApiError({ status: 403, detail: EXPIRED_LINK_MESSAGE, serverMessage: EXPIRED_LINK_MESSAGE });
const refused = new ApiError({ status: 403, detail: 'Invalid signature.' });
const serverDown = new ApiError({ status: 500, detail: 'Server Error' });
const settled = (outcome: 'signedIn' | 'signedOut' | 'unverified') => ({ type: 'authSync.settled', outcome });

/** The flows' moves (through the system's navigation actor) stubbed: the graph has no system. */
function withoutMoves<M extends typeof confirmEmailMachine | typeof verificationCheckMachine>(machine: M, names: string[]): M {
  return machine.provide({ actions: Object.fromEntries(names.map((name) => [name, () => {}])) } as never) as M;
}

describe('email confirmation flow (/email-verification-confirmation): xstate/graph paths', () => {
  // The link's call is the flow's `follow` operation: its outcomes reach the flow as reports.
  const events = [
    { type: 'verification.retry' },
    reportSucceeded('follow', 'Your email address has been verified.'),
    reportFailed('follow', failureOf(expired, VERIFY_ERROR_SUMMARY)),
    reportFailed('follow', failureOf(refused, VERIFY_ERROR_SUMMARY)),
    reportFailed('follow', failureOf(serverDown, VERIFY_ERROR_SUMMARY)),
    settled('signedIn'),
    settled('signedOut'),
    settled('unverified'),
  ] as EventObject[] as never[];
  const serializeState = ((s: ConfirmSnapshot) => JSON.stringify([s.value, s.context.error?.summary ?? null])) as (s: unknown) => string;
  const logic = withoutMoves(confirmEmailMachine, ['goToExpired', 'continueToTarget', 'goToSignIn']);
  const withLink = { events, serializeState, input: { path: '/api/v1/email/verify/1/abc?signature=ff', redirect: '/roles' } };
  const withoutLink = { events, serializeState, input: { path: null, redirect: '/roles' } };

  test('every state is reachable (with a usable link or without one), and every declared event is taken', () => {
    const adjacency = { ...getAdjacencyMap(logic, withLink), ...getAdjacencyMap(logic, withoutLink) };
    const reached = new Set(vertices(adjacency).map((v) => (v.state as ConfirmSnapshot).value as string));
    // `checking` is eventless: it decides at once and is never a resting state.
    expect(reached).toEqual(new Set(stateKeys(confirmEmailMachine).filter((key) => key !== 'checking')));
    const taken = new Set<string>();
    for (const vertex of vertices(adjacency)) {
      for (const { event, state } of edges(vertex)) {
        if (serializeState(state) !== serializeState(vertex.state)) taken.add(`${(vertex.state as ConfirmSnapshot).value as string} ${event.type}`);
      }
    }
    expect(handledPairs(confirmEmailMachine).filter((pair) => !taken.has(pair))).toEqual([]);
  });

  test('an incomplete link fails at once and cannot be retried; a usable one is followed first', () => {
    const [start] = getShortestPaths(logic, withoutLink);
    const first = start!.state as ConfirmSnapshot;
    expect([first.value, first.context.error?.summary]).toEqual(['failed', VERIFY_FAILED_SUMMARY]);
    expect(getShortestPaths(logic, withoutLink).map((p) => (p.state as ConfirmSnapshot).value)).toEqual(['failed']);
    expect((getShortestPaths(logic, withLink)[0]!.state as ConfirmSnapshot).value).toBe('following');
  });

  test('the summaries: a server error is "Error verifying email" (retryable), a refused link "Email Verification Failed", an expired one ends on the expired page', () => {
    const paths = getShortestPaths(logic, withLink);
    const failures = paths.filter((p) => (p.state as ConfirmSnapshot).value === 'failed').map((p) => (p.state as ConfirmSnapshot).context.error?.summary);
    expect(new Set(failures)).toEqual(new Set([VERIFY_ERROR_SUMMARY, VERIFY_FAILED_SUMMARY]));
    expect(paths.some((p) => (p.state as ConfirmSnapshot).value === 'expired')).toBe(true);
    // From either failure, Try again follows the link again.
    const adjacency = getAdjacencyMap(logic, withLink);
    const retries = vertices(adjacency)
      .filter((v) => (v.state as ConfirmSnapshot).value === 'failed')
      .map((v) => edges(v).find((t) => t.event.type === 'verification.retry')!.state as ConfirmSnapshot);
    expect(retries.map((s) => [s.value, s.context.error])).toEqual([
      ['following', null],
      ['following', null],
    ]);
  });

  test('simple paths: every way to `verified` follows the link and then waits for auth; every one ends by moving the user on', () => {
    const simple = getSimplePaths(logic, { ...withLink, toState: (s) => (s as ConfirmSnapshot).value === 'verified' });
    expect(simple.length).toBeGreaterThan(1);
    for (const path of simple) {
      const visited = path.steps.map((step) => (step.state as ConfirmSnapshot).value as string);
      expect(visited.at(-2), visited.join(' → ')).toBe('syncingAuth');
      expect(visited).toContain('following');
      const last = path.steps.at(-1)!.event as { type: string; outcome?: string };
      expect(last.type).toBe('authSync.settled');
    }
    // Signed in → continue to the redirect target; signed out (another browser) → sign in first.
    const outcomes = new Set(simple.map((p) => (p.steps.at(-1)!.event as { outcome?: string }).outcome));
    expect(outcomes).toEqual(new Set(['signedIn', 'signedOut', 'unverified']));
  });

  test('tags: `busy` exactly while a call or auth is awaited, `verified` once the link was accepted, `failed` on failure', () => {
    const adjacency = getAdjacencyMap(logic, withLink);
    for (const vertex of vertices(adjacency)) {
      const s = vertex.state as ConfirmSnapshot;
      const state = s.value as string;
      expect(s.hasTag('busy'), state).toBe(state === 'following' || state === 'syncingAuth');
      expect(s.hasTag('verified'), state).toBe(state === 'syncingAuth' || state === 'verified');
      expect(s.hasTag('failed'), state).toBe(state === 'failed');
    }
  });
});

describe('"I have verified my email" check (/email-verification): xstate/graph paths', () => {
  const ids = invokeIds(verificationCheckMachine);
  const events = [{ type: 'verification.check' }, settled('signedIn'), settled('signedOut'), settled('unverified')] as EventObject[] as never[];
  const serializeState = ((s: CheckSnapshot) => JSON.stringify([s.value, s.context.notice])) as (s: unknown) => string;

  test('every state and declared event; the check asks auth and settles back to idle with the right move', () => {
    const logic = withoutMoves(verificationCheckMachine, ['continueToTarget', 'goToSignIn']);
    const options = { events, serializeState, input: { redirect: '/roles' } };
    const adjacency = getAdjacencyMap(logic, options);
    expect(new Set(vertices(adjacency).map((v) => (v.state as CheckSnapshot).value))).toEqual(new Set(stateKeys(verificationCheckMachine)));
    const taken = new Set<string>();
    for (const vertex of vertices(adjacency)) {
      for (const { event, state } of edges(vertex)) {
        if (serializeState(state) !== serializeState(vertex.state)) taken.add(`${(vertex.state as CheckSnapshot).value as string} ${event.type}`);
      }
    }
    // Settling back to idle with no notice change (signed in / out) changes only the state name, which counts.
    expect(handledPairs(verificationCheckMachine).filter((pair) => !taken.has(pair))).toEqual([]);
    expect(ids).toEqual({ checking: expect.any(String) });

    const simple = getSimplePaths(logic, options);
    // Still unverified: back to idle saying so; signed in or out: back to idle, the move is the flow's.
    const ends = simple.map((p) => p.state as CheckSnapshot);
    expect(ends.map((s) => [s.value, s.hasTag('busy')])).toContainEqual(['checking', true]);
    expect(ends.find((s) => s.context.notice)?.context.notice).toMatch(/not verified yet/);
    for (const path of simple) expect(path.steps.filter((step) => step.event.type === 'authSync.settled').length).toBeLessThanOrEqual(1);
  });
});
