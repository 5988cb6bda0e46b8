import type { AccountFilterActor } from './accountFilter';

type AccountFilterSnapshot = ReturnType<AccountFilterActor['getSnapshot']>;

/** The account filter's named API (convention: auth.api.ts). */
export function accountFilterApi(filter: AccountFilterActor) {
  return {
    /** The filter is on screen: load the accounts once. */
    need: () => filter.send({ type: 'accountFilter.need' }),
    reload: () => filter.send({ type: 'accountFilter.load' }),
    /** `null`: all accounts. */
    select: (accountId: string | null) => filter.send({ type: 'accountFilter.select', accountId }),
  };
}

export type AccountFilterActorApi = ReturnType<typeof accountFilterApi>;

export const accountFilterSelectors = {
  accountId: (s: AccountFilterSnapshot) => s.context.accountId,
  accounts: (s: AccountFilterSnapshot) => s.context.accounts,
  busy: (s: AccountFilterSnapshot) => s.hasTag('busy'),
  failed: (s: AccountFilterSnapshot) => s.hasTag('failed'),
};
