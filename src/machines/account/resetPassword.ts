import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { AccountApi, PasswordReset } from '../../api/account';
import { defineOperations, type OperationFailure, type OperationFamily, type ReportOf } from '../operation';
import { goTo, navigationIn } from './refs';

/** SPEC §8: the server refused the reset (422: bad token, weak password) … */
export const RESET_REJECTED_SUMMARY = 'Reset Password Failed';
/** … or the reset could not be done at all (no answer, server error, throttled). */
export const RESET_ERROR_SUMMARY = 'Error resetting password';

type Reset = (reset: PasswordReset, signal: AbortSignal) => Promise<string>;

/** The flow's one call (THE operation family): `POST /reset-password`. */
function resetOperations(reset: Reset) {
  return defineOperations({ submit: { summary: RESET_ERROR_SUMMARY, call: reset } }, () => 'flow:resetPassword:submit');
}
type ResetOperations = ReturnType<typeof resetOperations> extends OperationFamily<infer S> ? S : never;

export type ResetPasswordEvent = { type: 'reset.submit'; email: string; password: string; password_confirmation: string };

export interface ResetPasswordContext {
  token: string;
  email: string;
  error: OperationFailure | null;
}

/** A 422 is the server refusing this reset (bad token, weak password), not the reset failing to happen. */
function resetFailure(error: OperationFailure): OperationFailure {
  return error.status === 422 ? { ...error, summary: RESET_REJECTED_SUMMARY } : error;
}

/**
 * The token and email come from the mailed link (the page's query). Without a token there is
 * nothing to submit: `linkIncomplete`. Success goes to /reset-password/thanks. The call is THE
 * operation (the `submit` child); this machine keeps only those rules and names a refused reset.
 */
export function createResetPasswordMachine(reset: Reset) {
  const operations = resetOperations(reset);
  return setup({
    types: {
      context: {} as ResetPasswordContext,
      events: {} as ResetPasswordEvent | ReportOf<ResetOperations>,
      tags: {} as 'editing' | 'busy' | 'done' | 'linkIncomplete',
      input: {} as { token?: string | null; email?: string | null },
    },
    actors: operations.actors,
    guards: {
      'the link has a token': ({ context }) => context.token.length > 0,
    },
  }).createMachine({
    id: 'resetPassword',
    context: ({ input }) => ({ token: input.token?.trim() ?? '', email: input.email?.trim() ?? '', error: null }),
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    initial: 'checkingLink',
    states: {
      checkingLink: {
        always: [{ guard: 'the link has a token', target: 'editing' }, { target: 'linkIncomplete' }],
      },
      linkIncomplete: { tags: 'linkIncomplete' },
      editing: {
        tags: 'editing',
        on: {
          'reset.submit': {
            target: 'submitting',
            actions: [
              assign({ email: ({ event }) => event.email.trim() }),
              sendTo('submit', ({ context, event }) =>
                operations.start('submit', { email: event.email.trim(), token: context.token, password: event.password, password_confirmation: event.password_confirmation }),
              ),
            ],
          },
        },
      },
      submitting: {
        tags: 'busy',
        entry: assign({ error: null }),
        on: {
          'operation.report.succeeded': 'done',
          'operation.report.failed': { target: 'editing', actions: assign({ error: ({ event }) => resetFailure(event.error) }) },
        },
      },
      done: {
        tags: ['busy', 'done'],
        type: 'final',
        entry: enqueueActions(({ system, enqueue }) => enqueue.sendTo(navigationIn(system), goTo('/reset-password/thanks'))),
      },
    },
  });
}

export type ResetPasswordMachine = ReturnType<typeof createResetPasswordMachine>;

export function createResetPasswordFlow(api: Pick<AccountApi, 'resetPassword'>) {
  return createResetPasswordMachine((input, signal) => api.resetPassword(input, signal));
}
