import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Account } from '../api/schemas/account';
import { failureOf, type OperationFailure } from './operation';

const STORAGE_KEY = 'account_id';

function readStoredAccount(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeAccount(accountId: string | null): void {
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

export type AccountFilterEvent =
  /** Loads the accounts again, whatever is loaded. */
  | { type: 'accountFilter.load' }
  /** Someone needs the accounts (the shell's filter, a form's Account, the session's start): loaded once, then kept. */
  | { type: 'accountFilter.need' }
  | { type: 'accountFilter.select'; accountId: string | null }
  | { type: 'accountFilter.clear' };

export const accountFilterMachine = setup({
  types: { context: {} as AccountFilterContext, events: {} as AccountFilterEvent, tags: {} as 'busy' | 'failed' },
  actors: {
    fetchAccounts: fromPromise<Account[], void>(async () => []),
  },
  actions: {
    persist: ({ context }) => storeAccount(context.accountId),
  },
}).createMachine({
  id: 'accountFilter',
  context: () => ({ accountId: readStoredAccount(), accounts: [], error: null }),
  initial: 'idle',
  on: {
    'accountFilter.select': { actions: [assign({ accountId: ({ event }) => event.accountId || null }), 'persist'] },
    // Signing out forgets the filter: the next user may not see that account.
    'accountFilter.clear': { target: '.idle', actions: [assign({ accountId: null, accounts: [], error: null }), 'persist'] },
  },
  states: {
    idle: { on: { 'accountFilter.load': 'loading', 'accountFilter.need': 'loading' } },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'fetchAccounts',
        onDone: { target: 'ready', actions: assign({ accounts: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error, 'Error Loading Accounts') }) },
      },
    },
    ready: { on: { 'accountFilter.load': 'loading' } },
    failed: { tags: 'failed', on: { 'accountFilter.load': 'loading' } },
  },
});

export type AccountFilterActor = ActorRefFrom<typeof accountFilterMachine>;
