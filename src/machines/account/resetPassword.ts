import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { AccountApi, PasswordReset } from '../../api/account';
import { ApiError } from '../../api/errors';
import { failureOf, type OperationFailure } from '../operation';
import { goTo, navigationIn } from './refs';

/** SPEC §8: the server refused the reset (422: bad token, weak password) … */
export const RESET_REJECTED_SUMMARY = 'Reset Password Failed';
/** … or the reset could not be done at all (no answer, server error, throttled). */
export const RESET_ERROR_SUMMARY = 'Error resetting password';

export type ResetPasswordEvent = { type: 'reset.submit'; email: string; password: string; password_confirmation: string };

export interface ResetPasswordContext {
  token: string;
  email: string;
  error: OperationFailure | null;
}

/**
 * The token and email come from the mailed link (the page's query). Without a token there is
 * nothing to submit: `linkIncomplete`. Success goes to /reset-password/thanks.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    tags: {} as 'editing' | 'busy' | 'done' | 'linkIncomplete',
    input: {} as { token?: string | null; email?: string | null },
  },
  actors: {
    reset: fromPromise<string, PasswordReset>(async () => {
      throw new Error('reset: no actor provided');
    }),
  },
  guards: {
    'the link has a token': ({ context }) => context.token.length > 0,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token?.trim() ?? '', email: input.email?.trim() ?? '', error: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'the link has a token', target: 'editing' }, { target: 'linkIncomplete' }],
    },
    linkIncomplete: { tags: 'linkIncomplete' },
    editing: {
      tags: 'editing',
      on: { 'reset.submit': { target: 'submitting', actions: assign({ email: ({ event }) => event.email.trim() }) } },
    },
    submitting: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        src: 'reset',
        input: ({ context, event }) => {
          const submit = event as Extract<ResetPasswordEvent, { type: 'reset.submit' }>;
          return { email: submit.email.trim(), token: context.token, password: submit.password, password_confirmation: submit.password_confirmation };
        },
        onDone: 'done',
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) =>
              failureOf(event.error, event.error instanceof ApiError && event.error.status === 422 ? RESET_REJECTED_SUMMARY : RESET_ERROR_SUMMARY),
          }),
        },
      },
    },
    done: {
      tags: ['busy', 'done'],
      type: 'final',
      entry: enqueueActions(({ system, enqueue }) => enqueue.sendTo(navigationIn(system), goTo('/reset-password/thanks'))),
    },
  },
});

export function createResetPasswordFlow(api: Pick<AccountApi, 'resetPassword'>) {
  return resetPasswordMachine.provide({ actors: { reset: fromPromise(({ input, signal }) => api.resetPassword(input, signal)) } });
}
