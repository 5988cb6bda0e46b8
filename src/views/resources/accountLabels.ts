import type { ResourceRecord } from '../../api/resources';
import type { Choice } from './sectionConfig';
import { referenceId } from './useReferences';

/**
 * Records as choices; where two carry the same name (several accounts' "GPT-4o"), each label says
 * whose it is: "GPT-4o — Acme". `accountName` gives an account's name, or null while unknown.
 */
export function choicesNamingAccounts(records: readonly ResourceRecord[], titleOf: (record: ResourceRecord) => string, accountName: (accountId: string) => string | null): Choice[] {
  const labels = records.map((record) => titleOf(record));
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label.toLocaleLowerCase(), (counts.get(label.toLocaleLowerCase()) ?? 0) + 1);
  return records.map((record, index) => {
    const label = labels[index]!;
    const owner = referenceId(record.account_id);
    if ((counts.get(label.toLocaleLowerCase()) ?? 0) < 2) return { value: String(record.id), label };
    const account = owner ? (accountName(owner) ?? `account #${owner}`) : 'all accounts';
    return { value: String(record.id), label: `${label} — ${account}` };
  });
}

/** The accounts the records belong to, for one names lookup. */
export function accountIdsOf(records: readonly ResourceRecord[]): string[] {
  return [...new Set(records.map((record) => referenceId(record.account_id)).filter((id): id is string => id !== null))];
}
