import type { ResourceRecord } from '../../api/resources';
import type { Choice } from './sectionConfig';
import { referenceId } from './listNames';

/** The records whose name (any case) another record also has: only they need their account named. */
export function withRepeatedNames<T>(records: readonly T[], titleOf: (record: T) => string): T[] {
  const counts = new Map<string, number>();
  for (const record of records) counts.set(titleOf(record).toLocaleLowerCase(), (counts.get(titleOf(record).toLocaleLowerCase()) ?? 0) + 1);
  return records.filter((record) => (counts.get(titleOf(record).toLocaleLowerCase()) ?? 0) > 1);
}

/**
 * Records as choices; where two carry the same name (several accounts' "GPT-4o"), each label says
 * whose it is: "GPT-4o — Acme". `accountName` gives an account's name, or null while unknown.
 */
export function choicesNamingAccounts<T extends Pick<ResourceRecord, 'id'>>(records: readonly T[], titleOf: (record: T) => string, accountName: (accountId: string) => string | null): Choice[] {
  const repeated = new Set(withRepeatedNames(records, titleOf));
  return records.map((record) => {
    const label = titleOf(record);
    if (!repeated.has(record)) return { value: String(record.id), label };
    const owner = accountOf(record);
    const account = owner ? (accountName(owner) ?? `account #${owner}`) : 'all accounts';
    return { value: String(record.id), label: `${label} — ${account}` };
  });
}

/** The accounts the records belong to, for one names lookup. */
export function accountIdsOf(records: readonly object[]): string[] {
  return [...new Set(records.map(accountOf).filter((id): id is string => id !== null))];
}

/** A record's account id, or null for a global record (or one that does not say). */
function accountOf(record: object): string | null {
  return referenceId((record as { account_id?: unknown }).account_id);
}
