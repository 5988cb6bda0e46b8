import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { AccountApi, Registration } from '../../api/account';
import { failureOf, type OperationFailure } from '../operation';
import { authIn, goTo, navigationIn, verificationPrompt } from './refs';

/** SPEC §8 names no registration summary; this follows its "<Thing> Failed" pattern. */
export const REGISTER_SUMMARY = 'Registration Failed';

export type RegisterEvent = { type: 'register.submit'; registration: Registration };

export interface RegisterContext {
  redirect: string;
  registration: Registration | null;
  error: OperationFailure | null;
}

/**
 * editing → submitting → registered. Fortify signs the new user in; the auth actor then signs in
 * with what was typed (its own pipeline: user → 403 unverified), while the user waits on
 * /email-verification with the redirect kept.
 */
export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    tags: {} as 'editing' | 'busy' | 'done',
    input: {} as { redirect?: string | null },
  },
  actors: {
    register: fromPromise<void, Registration & { redirect: string }>(async () => {
      throw new Error('register: no actor provided');
    }),
  },
  actions: {
    // Fortify's POST /register signs the new user in: the auth actor adopts that session
    // (no second sign-in with the password).
    tellAuth: enqueueActions(({ system, enqueue }) => {
      enqueue.sendTo(authIn(system), { type: 'auth.retry' });
    }),
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => ({
    redirect: input.redirect || '/dashboard',
    registration: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      on: { 'register.submit': { target: 'submitting', actions: assign({ registration: ({ event }) => event.registration }) } },
    },
    submitting: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        src: 'register',
        input: ({ context }) => ({ ...context.registration!, redirect: context.redirect }),
        onDone: 'registered',
        onError: { target: 'editing', actions: assign({ error: ({ event }) => failureOf(event.error, REGISTER_SUMMARY) }) },
      },
    },
    registered: {
      tags: ['busy', 'done'],
      type: 'final',
      // Navigate first: the prompt page is where the auth actor's unverified state belongs.
      entry: [enqueueActions(({ context, system, enqueue }) => enqueue.sendTo(navigationIn(system), goTo(verificationPrompt(context.redirect)))), 'tellAuth'],
    },
  },
});

export function createRegisterFlow(api: Pick<AccountApi, 'register'>) {
  return registerMachine.provide({
    actors: {
      register: fromPromise(({ input, signal }) => api.register(input, signal)),
    },
  });
}
