import { accountFilterSelectors } from '../../machines/accountFilter.api';
import { useAccountFilterState } from '../actors/useAccountFilter';
import { accountIdsOf, choicesNamingAccounts, withRepeatedNames } from '../resources/accountLabels';
import { referenceId } from '../resources/listNames';
import { useReferenceNames } from '../resources/useReferences';

interface NamedRow {
  id: string;
  name: string;
  account_id?: unknown;
}

/** An account record's name (kept light: chat and reporting need no section configuration for it). */
const accountName = (record: Record<string, unknown>, id: string) => (typeof record.name === 'string' && record.name ? record.name : `#${id}`);

/**
 * Names as pickers and reports show them under "All accounts": a name that several accounts' records
 * share says whose it is ("Support — Acme Support", "Demo Bot — Globex Sales"). Account names are
 * looked up only for names that repeat.
 */
export function useNamesWithAccounts(rows: readonly NamedRow[]): (id: unknown, name: string) => string {
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()];
  const repeated = withRepeatedNames(unique, (row) => row.name);
  const accounts = useReferenceNames(repeated.length ? [{ section: 'accounts', ids: accountIdsOf(repeated) }] : []);
  const labels = new Map(
    choicesNamingAccounts(unique, (row) => row.name, (account) => {
      const entry = accounts('accounts', account);
      return entry?.state === 'found' ? accountName(entry.record, account) : null;
    }).map((choice) => [choice.value, choice.label]),
  );
  return (id, name) => labels.get(String(id)) ?? name;
}

/**
 * Under "All accounts", the name of each row's account, so a picker can say whose every item is
 * (looked up once for all of them); undefined under one account, or when all rows share one.
 */
export function useAccountOfEach(rows: readonly { account_id?: unknown }[]): (accountId: unknown) => string | undefined {
  const scoped = useAccountFilterState(accountFilterSelectors.accountId) !== null;
  const ids = scoped ? [] : accountIdsOf(rows);
  const several = ids.length > 1;
  const accounts = useReferenceNames(several ? [{ section: 'accounts', ids }] : []);
  return (accountId) => {
    const id = referenceId(accountId);
    if (!several || id === null) return undefined;
    const entry = accounts('accounts', id);
    return entry?.state === 'found' ? accountName(entry.record, id) : `account #${id}`;
  };
}
