import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { AccountApi, Registration } from '../../api/account';
import { defineOperations, type OperationFailure, type OperationFamily, type ReportOf } from '../operation';
import { authIn, goTo, navigationIn, verificationPrompt } from './refs';

/** SPEC §8 names no registration summary; this follows its "<Thing> Failed" pattern. */
export const REGISTER_SUMMARY = 'Registration Failed';

type Register = (registration: Registration & { redirect: string }, signal: AbortSignal) => Promise<void>;

/** The flow's one call (THE operation family): Fortify's `POST /register`. */
function registerOperations(register: Register) {
  return defineOperations({ submit: { summary: REGISTER_SUMMARY, call: register } }, () => 'flow:register:submit');
}
type RegisterOperations = ReturnType<typeof registerOperations> extends OperationFamily<infer S> ? S : never;

export type RegisterEvent = { type: 'register.submit'; registration: Registration };

export interface RegisterContext {
  redirect: string;
  error: OperationFailure | null;
}

/**
 * editing → submitting → registered. Fortify signs the new user in; the auth actor then adopts
 * that session (its own pipeline: user → 403 unverified), while the user waits on
 * /email-verification with the redirect kept. The call is THE operation (the `submit` child);
 * this machine keeps only those rules.
 */
export function createRegisterMachine(register: Register) {
  const operations = registerOperations(register);
  return setup({
    types: {
      context: {} as RegisterContext,
      events: {} as RegisterEvent | ReportOf<RegisterOperations>,
      tags: {} as 'editing' | 'busy' | 'done',
      input: {} as { redirect?: string | null },
    },
    actors: operations.actors,
    actions: {
      // Fortify's POST /register signs the new user in: the auth actor adopts that session
      // (no second sign-in with the password).
      tellAuth: enqueueActions(({ system, enqueue }) => {
        enqueue.sendTo(authIn(system), { type: 'auth.retry' });
      }),
    },
  }).createMachine({
    id: 'register',
    context: ({ input }) => ({ redirect: input.redirect || '/dashboard', error: null }),
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    initial: 'editing',
    states: {
      editing: {
        tags: 'editing',
        on: {
          'register.submit': {
            target: 'submitting',
            actions: sendTo('submit', ({ context, event }) => operations.start('submit', { ...event.registration, redirect: context.redirect })),
          },
        },
      },
      submitting: {
        tags: 'busy',
        entry: assign({ error: null }),
        on: {
          'operation.report.succeeded': 'registered',
          'operation.report.failed': { target: 'editing', actions: assign({ error: ({ event }) => event.error }) },
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
}

export type RegisterMachine = ReturnType<typeof createRegisterMachine>;

export function createRegisterFlow(api: Pick<AccountApi, 'register'>) {
  return createRegisterMachine((input, signal) => api.register(input, signal));
}
