import { accountIdsOf, choicesNamingAccounts } from '../resources/accountLabels';
import { referenceName } from '../resources/ReferenceValue';
import { useReferenceNames } from '../resources/useReferences';

interface NamedRow {
  id: string;
  name: string;
  account_id?: unknown;
}

/**
 * Role or instance names as reporting shows them: a name that several accounts share says whose it
 * is ("Support — Acme Support"). Account names are looked up only for names that repeat.
 */
export function useNamesWithAccounts(rows: readonly NamedRow[]): (id: unknown, name: string) => string {
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()];
  const counts = new Map<string, number>();
  for (const row of unique) counts.set(row.name.toLocaleLowerCase(), (counts.get(row.name.toLocaleLowerCase()) ?? 0) + 1);
  const repeated = unique.filter((row) => (counts.get(row.name.toLocaleLowerCase()) ?? 0) > 1);
  const accounts = useReferenceNames(repeated.length ? [{ section: 'accounts', ids: accountIdsOf(repeated) }] : []);
  const labels = new Map(
    choicesNamingAccounts(unique, (row) => row.name, (account) => {
      const entry = accounts('accounts', account);
      return entry?.state === 'found' ? referenceName('accounts', entry.record) : null;
    }).map((choice) => [choice.value, choice.label]),
  );
  return (id, name) => labels.get(String(id)) ?? name;
}
