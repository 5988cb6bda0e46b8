import { assign, enqueueActions, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { AccountApi, EmailChange, ProfileInformation } from '../../api/account';
import type { User } from '../../api/schemas/user';
import { defineOperations, type OperationFailure, type OperationFamily, type ReportOf } from '../operation';
import { authIn, goTo, navigationIn, verificationPrompt } from './refs';

export const CHANGE_EMAIL_SUMMARY = 'Change Email Failed';

type Submit = (change: EmailChange | ProfileInformation, signal: AbortSignal) => Promise<User>;

/** The edit's one call (THE operation family): the updated user comes back typed. */
function editOperations(flow: string, summary: string, submit: Submit) {
  return defineOperations({ submit: { summary, call: submit } }, () => `flow:${flow}:submit`);
}
type EditOperations = ReturnType<typeof editOperations> extends OperationFamily<infer S> ? S : never;

export type ChangeEmailEvent = { type: 'account.submit'; change: EmailChange | ProfileInformation };
type AccountEditEvent = ChangeEmailEvent | ReportOf<EditOperations>;

export interface AccountEditContext {
  /** Where /email-verification continues once the new address is verified. */
  returnTo: string;
  error: OperationFailure | null;
  notice: string | null;
}

/**
 * Change email (`POST /api/v1/user/change-email`) and profile information
 * (`PUT /user/profile-information`) end the same way: the auth actor gets the updated user; a new
 * address is unverified, so auth learns that too and the user goes to /email-verification. The
 * call is THE operation (its `submit` child); this machine keeps only those rules.
 */
export function createAccountEditMachine(id: string, summary: string, savedNotice: string, submit: Submit) {
  const operations = editOperations(id, summary, submit);
  return setup({
    types: {
      context: {} as AccountEditContext,
      events: {} as AccountEditEvent,
      tags: {} as 'editing' | 'busy' | 'done',
      input: {} as { returnTo: string },
    },
    actors: operations.actors,
    guards: {
      'the new address needs verifying': ({ event }) => event.type === 'operation.report.succeeded' && !event.output.email_verified_at,
    },
    actions: {
      updateUser: enqueueActions(({ event, system, enqueue }) => {
        if (event.type === 'operation.report.succeeded') enqueue.sendTo(authIn(system), { type: 'auth.userUpdated', user: event.output });
      }),
      askForVerification: enqueueActions(({ context, system, enqueue }) => {
        enqueue.sendTo(navigationIn(system), goTo(verificationPrompt(context.returnTo)));
        enqueue.sendTo(authIn(system), { type: 'auth.unverified' });
      }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ returnTo: input.returnTo, error: null, notice: null }),
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    initial: 'editing',
    states: {
      editing: { tags: 'editing', on: { 'account.submit': { target: 'submitting', actions: sendTo('submit', ({ event }) => operations.start('submit', event.change)) } } },
      submitting: {
        tags: 'busy',
        entry: assign({ error: null, notice: null }),
        on: {
          'operation.report.succeeded': [
            { guard: 'the new address needs verifying', target: 'awaitingVerification', actions: ['updateUser', 'askForVerification'] },
            { target: 'editing', actions: ['updateUser', assign({ notice: savedNotice })] },
          ],
          'operation.report.failed': { target: 'editing', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
      awaitingVerification: { type: 'final', tags: ['busy', 'done'] },
    },
  });
}

export type AccountEditMachine = ReturnType<typeof createAccountEditMachine>;
export type AccountEditSnapshot = SnapshotFrom<AccountEditMachine>;

export function createChangeEmailFlow(api: Pick<AccountApi, 'changeEmail'>) {
  return createAccountEditMachine('changeEmail', CHANGE_EMAIL_SUMMARY, 'Your email address is unchanged.', (change, signal) => api.changeEmail(change as EmailChange, signal));
}
