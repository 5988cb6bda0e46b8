import { assign, enqueueActions, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Account } from '../api/schemas/account';
import { ACTOR_IDS } from './actorIds';
import { writeFirstScreenHints } from './effects';
import { defineOperations, type OperationFailure, type OperationFamily, type ReportOf } from './operation';

const STORAGE_KEY = 'account_id';

function readStoredAccount(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeAccount(accountId: string | null): void {
  // The server draws a first screen only for "All accounts" (src/firstScreenHints.ts).
  writeFirstScreenHints(accountId);
  try {
    if (typeof localStorage === 'undefined') return;
    if (accountId) localStorage.setItem(STORAGE_KEY, accountId);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* private mode: the filter still works for this tab */
  }
}

export interface AccountFilterContext {
  /** SPEC §1: the global account filter scoping all data; null = all accounts. */
  accountId: string | null;
  accounts: Account[];
  error: OperationFailure | null;
}

/** The filter's one operation (THE operation family): the accounts the user sees. */
function accountOperations(fetchAccounts: (input: void, signal: AbortSignal) => Promise<Account[]>) {
  return defineOperations({ load: { summary: 'Error Loading Accounts', call: fetchAccounts } }, () => `${ACTOR_IDS.accountFilter}:load`);
}
type AccountOperations = ReturnType<typeof accountOperations> extends OperationFamily<infer S> ? S : never;

export type AccountFilterEvent =
  /** Loads the accounts again, whatever is loaded. */
  | { type: 'accountFilter.load' }
  /** Someone needs the accounts (the shell's filter, a form's Account, the session's start): loaded once, then kept. */
  | { type: 'accountFilter.need' }
  | { type: 'accountFilter.select'; accountId: string | null }
  | { type: 'accountFilter.clear' }
  | ReportOf<AccountOperations>;

/**
 * THE global account filter (SPEC §1): the chosen account (kept in localStorage) and the
 * accounts to choose from. Their load is THE operation (its `load` child); this machine keeps
 * the rule that a `need` loads once, then the list is kept until a `load` asks again.
 */
export function createAccountFilterMachine(fetchAccounts: (input: void, signal: AbortSignal) => Promise<Account[]>) {
  const operations = accountOperations(fetchAccounts);
  return setup({
    types: { context: {} as AccountFilterContext, events: {} as AccountFilterEvent, tags: {} as 'busy' | 'failed' },
    actors: operations.actors,
    actions: {
      persist: ({ context }) => storeAccount(context.accountId),
      load: sendTo('load', () => operations.start('load', undefined)),
    },
  }).createMachine({
    id: 'accountFilter',
    context: () => ({ accountId: readStoredAccount(), accounts: [], error: null }),
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    initial: 'idle',
    on: {
      'accountFilter.select': { actions: [assign({ accountId: ({ event }) => event.accountId || null }), 'persist'] },
      // Signing out forgets the filter: the next user may not see that account (a load in flight stops).
      'accountFilter.clear': { target: '.idle', actions: [assign({ accountId: null, accounts: [], error: null }), 'persist', enqueueActions(({ enqueue }) => operations.reset(enqueue))] },
    },
    states: {
      idle: { on: { 'accountFilter.load': { target: 'loading', actions: 'load' }, 'accountFilter.need': { target: 'loading', actions: 'load' } } },
      loading: {
        tags: 'busy',
        on: {
          'operation.report.succeeded': { target: 'ready', actions: assign({ accounts: ({ event }) => event.output, error: null }) },
          'operation.report.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
      ready: { on: { 'accountFilter.load': { target: 'loading', actions: 'load' } } },
      failed: { tags: 'failed', on: { 'accountFilter.load': { target: 'loading', actions: 'load' } } },
    },
  });
}

/** The filter's statechart with no accounts to load (the inspector's drawing). */
export const accountFilterMachine = createAccountFilterMachine(async () => []);

export type AccountFilterActor = ActorRefFrom<typeof accountFilterMachine>;
