import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { AccountApi } from '../../api/account';
import { safeRedirectTarget } from '../landing';
import { createOperation, defineOperations, type OperationFailure, type OperationFamily, type ReportOf } from '../operation';
import { syncAuth, type AuthOutcome } from './authSync';
import { goTo, navigationIn } from './refs';

/** SPEC §5: the server's words for an expired (or tampered) verification link. */
export const EXPIRED_LINK_MESSAGE = 'Invalid/Expired url provided.';
/** SPEC §8 summaries of this flow. */
export const RESEND_SUMMARY = 'Error resending email verification';
/** The call did not complete (no answer, server error). */
export const VERIFY_ERROR_SUMMARY = 'Error verifying email';
/** The link itself cannot be used (incomplete, or refused for another reason than expiry). */
export const VERIFY_FAILED_SUMMARY = 'Email Verification Failed';
export const INCOMPLETE_LINK_TEXT = 'This verification link is incomplete. Open the link from the email again, or request a new one.';

/** The server refused the link as expired (SPEC §5: 403 with its own words). */
export function isExpiredLink(failure: Pick<OperationFailure, 'status' | 'serverDetail'>): boolean {
  return failure.status === 403 && failure.serverDetail === EXPIRED_LINK_MESSAGE;
}

/** A call that did not complete (no answer, server error) can be tried again; any other refusal is the link's. */
function verifyFailure(error: OperationFailure): OperationFailure {
  return error.status === 0 || error.status >= 500 ? error : { ...error, summary: VERIFY_FAILED_SUMMARY };
}

type Follow = (path: string, signal: AbortSignal) => Promise<string>;

/** The confirmation's one call (THE operation family): the mailed, signed verification URL. */
function confirmOperations(follow: Follow) {
  return defineOperations({ follow: { summary: VERIFY_ERROR_SUMMARY, call: follow } }, () => 'flow:confirmEmail:follow');
}
type ConfirmOperations = ReturnType<typeof confirmOperations> extends OperationFamily<infer S> ? S : never;

/** Resend for the signed-in, unverified user (`POST /email/verification-notification`). */
export function createVerificationResendFlow(api: Pick<AccountApi, 'sendVerificationNotification'>) {
  return createOperation((input: { redirect?: string }, signal) => api.sendVerificationNotification(input, signal));
}

/** Resend by address (`POST /api/v1/email/resend`), e.g. after an expired link. */
export function createVerificationRequestFlow(api: Pick<AccountApi, 'resendVerification'>) {
  return createOperation((input: { email: string; redirect?: string }, signal) => api.resendVerification(input, signal));
}

export type ConfirmEmailEvent = { type: 'verification.retry' } | { type: 'authSync.settled'; outcome: AuthOutcome };
type ConfirmEmailMachineEvent = ConfirmEmailEvent | ReportOf<ConfirmOperations>;

export interface ConfirmEmailContext {
  /** The verification route's path, or null when the link in the query cannot be followed. */
  path: string | null;
  redirect: string;
  error: OperationFailure | null;
}

/**
 * /email-verification-confirmation: follow the signed URL (checking → following), then let the
 * auth actor see the verified user (syncingAuth) and continue to the redirect target. An expired
 * link goes to /email-verification-expired (SPEC §4 "marked expired"). The call is THE operation
 * (the `follow` child); this machine keeps only those rules and names each failure.
 */
export function createConfirmEmailMachine(follow: Follow) {
  const operations = confirmOperations(follow);
  return setup({
    types: {
      context: {} as ConfirmEmailContext,
      events: {} as ConfirmEmailMachineEvent,
      /** `verified`: the link was accepted (auth may still be catching up). */
      tags: {} as 'busy' | 'verified' | 'failed',
      input: {} as { path: string | null; redirect?: string | null },
    },
    actors: { ...operations.actors, syncAuth },
    guards: {
      'the link can be followed': ({ context }) => context.path !== null,
      'the link has expired': ({ event }) => event.type === 'operation.report.failed' && isExpiredLink(event.error),
      'the user is signed in': ({ event }) => event.type === 'authSync.settled' && event.outcome === 'signedIn',
    },
    actions: {
      follow: sendTo('follow', ({ context }) => operations.start('follow', context.path!)),
      goToExpired: enqueueActions(({ system, enqueue }) => enqueue.sendTo(navigationIn(system), goTo('/email-verification-expired'))),
      /** Only if the user is still here: auth may already have landed them elsewhere (one permitted section). */
      continueToTarget: enqueueActions(({ context, system, enqueue }) => {
        const navigation = navigationIn(system);
        if (navigation.getSnapshot().context.location.startsWith('/email-verification')) enqueue.sendTo(navigation, goTo(context.redirect));
      }),
      /** Signed out (the link was opened in another browser): sign in, then continue. */
      goToSignIn: enqueueActions(({ context, system, enqueue }) =>
        enqueue.sendTo(navigationIn(system), goTo(`/login?redirect=${encodeURIComponent(context.redirect)}`)),
      ),
    },
  }).createMachine({
    id: 'confirmEmail',
    context: ({ input }) => ({
      path: input.path,
      redirect: safeRedirectTarget(input.redirect) ?? '/dashboard',
      error: null,
    }),
    // The child first: `following`'s entry starts it.
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    initial: 'checking',
    states: {
      checking: {
        always: [
          { guard: 'the link can be followed', target: 'following' },
          { target: 'failed', actions: assign({ error: { summary: VERIFY_FAILED_SUMMARY, detail: INCOMPLETE_LINK_TEXT, status: 0, fieldErrors: {} } }) },
        ],
      },
      following: {
        tags: 'busy',
        entry: [assign({ error: null }), 'follow'],
        on: {
          'operation.report.succeeded': 'syncingAuth',
          'operation.report.failed': [
            { guard: 'the link has expired', target: 'expired' },
            { target: 'failed', actions: assign({ error: ({ event }) => verifyFailure(event.error) }) },
          ],
        },
      },
      syncingAuth: {
        tags: ['busy', 'verified'],
        invoke: { src: 'syncAuth' },
        on: {
          'authSync.settled': [
            { guard: 'the user is signed in', target: 'verified', actions: 'continueToTarget' },
            { target: 'verified', actions: 'goToSignIn' },
          ],
        },
      },
      verified: { type: 'final', tags: 'verified' },
      expired: { type: 'final', entry: 'goToExpired' },
      failed: {
        tags: 'failed',
        on: { 'verification.retry': { guard: 'the link can be followed', target: 'following' } },
      },
    },
  });
}

export type ConfirmEmailMachine = ReturnType<typeof createConfirmEmailMachine>;

export function createConfirmEmailFlow(api: Pick<AccountApi, 'followVerificationUrl'>) {
  return createConfirmEmailMachine((path, signal) => api.followVerificationUrl(path, signal));
}

export type VerificationCheckEvent = { type: 'verification.check' } | { type: 'authSync.settled'; outcome: AuthOutcome };

export interface VerificationCheckContext {
  redirect: string;
  notice: string | null;
}

export const NOT_VERIFIED_YET = 'Your email address is not verified yet. Follow the link in the email we sent you.';

/**
 * /email-verification's "I have verified my email" button: auth looks again; verified → on to
 * the redirect target, still unverified → say so and stay.
 */
export const verificationCheckMachine = setup({
  types: {
    context: {} as VerificationCheckContext,
    events: {} as VerificationCheckEvent,
    tags: {} as 'busy',
    input: {} as { redirect?: string | null },
  },
  actors: { syncAuth },
  guards: {
    'the user is signed in': ({ event }) => event.type === 'authSync.settled' && event.outcome === 'signedIn',
    'the user is signed out': ({ event }) => event.type === 'authSync.settled' && event.outcome === 'signedOut',
  },
  actions: {
    continueToTarget: enqueueActions(({ context, system, enqueue }) => enqueue.sendTo(navigationIn(system), goTo(context.redirect))),
    /** Signed out meanwhile: sign in, then continue. */
    goToSignIn: enqueueActions(({ context, system, enqueue }) =>
      enqueue.sendTo(navigationIn(system), goTo(`/login?redirect=${encodeURIComponent(context.redirect)}`)),
    ),
  },
}).createMachine({
  id: 'verificationCheck',
  context: ({ input }) => ({ redirect: safeRedirectTarget(input.redirect) ?? '/dashboard', notice: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'verification.check': 'checking' } },
    checking: {
      tags: 'busy',
      entry: assign({ notice: null }),
      invoke: { src: 'syncAuth' },
      on: {
        'authSync.settled': [
          { guard: 'the user is signed in', target: 'idle', actions: 'continueToTarget' },
          { guard: 'the user is signed out', target: 'idle', actions: 'goToSignIn' },
          { target: 'idle', actions: assign({ notice: NOT_VERIFIED_YET }) },
        ],
      },
    },
  },
});

// Which mailed links the confirmation page may follow is the flow's decision; the URL check lives with the account calls.
export { verificationPathFrom } from '../../api/account';
