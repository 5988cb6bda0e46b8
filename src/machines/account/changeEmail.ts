import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { AccountApi, EmailChange, ProfileInformation } from '../../api/account';
import type { User } from '../../api/schemas/user';
import { failureOf, type OperationFailure } from '../operation';
import { authIn, goTo, navigationIn, verificationPrompt } from './refs';

export const CHANGE_EMAIL_SUMMARY = 'Change Email Failed';

export type ChangeEmailEvent = { type: 'account.submit'; change: EmailChange | ProfileInformation };

export interface AccountEditContext {
  /** Where /email-verification continues once the new address is verified. */
  returnTo: string;
  error: OperationFailure | null;
  notice: string | null;
}

/**
 * Change email (`POST /api/v1/user/change-email`) and profile information
 * (`PUT /user/profile-information`) end the same way: the auth actor gets the updated user; a new
 * address is unverified, so auth learns that too and the user goes to /email-verification.
 */
export function createAccountEditMachine(id: string, summary: string, savedNotice: string) {
  return setup({
    types: {
      context: {} as AccountEditContext,
      events: {} as ChangeEmailEvent,
      tags: {} as 'editing' | 'busy' | 'done',
      input: {} as { returnTo: string },
    },
    actors: {
      submit: fromPromise<User, EmailChange | ProfileInformation>(async () => {
        throw new Error('submit: no actor provided');
      }),
    },
    guards: {
      'the new address needs verifying': ({ event }) => !(event as unknown as { output: User }).output.email_verified_at,
    },
    actions: {
      updateUser: enqueueActions(({ event, system, enqueue }) =>
        enqueue.sendTo(authIn(system), { type: 'auth.userUpdated', user: (event as unknown as { output: User }).output }),
      ),
      askForVerification: enqueueActions(({ context, system, enqueue }) => {
        enqueue.sendTo(navigationIn(system), goTo(verificationPrompt(context.returnTo)));
        enqueue.sendTo(authIn(system), { type: 'auth.unverified' });
      }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ returnTo: input.returnTo, error: null, notice: null }),
    initial: 'editing',
    states: {
      editing: { tags: 'editing', on: { 'account.submit': 'submitting' } },
      submitting: {
        tags: 'busy',
        entry: assign({ error: null, notice: null }),
        invoke: {
          src: 'submit',
          input: ({ event }) => (event as ChangeEmailEvent).change,
          onDone: [
            { guard: 'the new address needs verifying', target: 'awaitingVerification', actions: ['updateUser', 'askForVerification'] },
            { target: 'editing', actions: ['updateUser', assign({ notice: savedNotice })] },
          ],
          onError: { target: 'editing', actions: assign({ error: ({ event }) => failureOf(event.error, summary) }) },
        },
      },
      awaitingVerification: { type: 'final', tags: ['busy', 'done'] },
    },
  });
}

export const changeEmailMachine = createAccountEditMachine('changeEmail', CHANGE_EMAIL_SUMMARY, 'Your email address is unchanged.');

export function createChangeEmailFlow(api: Pick<AccountApi, 'changeEmail'>) {
  return changeEmailMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => api.changeEmail(input as EmailChange, signal)) },
  });
}
