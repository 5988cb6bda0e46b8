import { accountFilterSelectors } from '../../machines/accountFilter.api';
import { useAccountFilterState } from '../actors/useAccountFilter';

/**
 * The account the figures cover when the filter shows one ("Globex Sales"), else null (all
 * accounts): a title says whose figures they are, never "Global" under one account (issue 26 item 7).
 */
export function useScopeName(): string | null {
  const accountId = useAccountFilterState(accountFilterSelectors.accountId);
  const accounts = useAccountFilterState(accountFilterSelectors.accounts);
  if (accountId === null) return null;
  return accounts.find((a) => String(a.id) === accountId)?.name ?? `Account ${accountId}`;
}
