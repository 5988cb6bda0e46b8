import { Link } from 'wouter';
import { accountFilterSelectors } from '../../machines/accountFilter.api';
import type { OperationFailure } from '../../machines/operation';
import { sectionByKey } from '../../sections';
import { useAccountFilter, useAccountFilterState } from '../actors/useAccountFilter';
import { OperationError } from '../common/OperationError';

/**
 * A record page whose record did not load. SPEC §8's "Record Not Found" (a 404: a stale link, or
 * a record the user cannot see) can never succeed on retry: it offers the way back to the list.
 * Under an account filter the API answers 404 for another account's record too (issue 26 item 7):
 * the page says which account it looked in and offers "All accounts", which reads it again.
 */
export function RecordLoadError({ section, error, onRetry }: { section: string; error: OperationFailure; onRetry: () => void }) {
  const notFound = error.status === 404;
  const label = sectionByKey(section)?.label ?? section;
  const filter = useAccountFilter();
  const accountId = useAccountFilterState(accountFilterSelectors.accountId);
  const accounts = useAccountFilterState(accountFilterSelectors.accounts);
  const filtered = notFound && accountId !== null;
  const accountName = accounts.find((a) => String(a.id) === accountId)?.name ?? `account ${accountId}`;
  return (
    <section className="page">
      {filtered ? (
        <div className="alert alert-info">
          <h1>Not in {accountName}</h1>
          <p>{`This record was not found in ${accountName}, the account the filter shows: it may belong to another account.`}</p>
          <p>
            <button type="button" className="button button-primary" onClick={() => { filter.select(null); onRetry(); }}>
              Show all accounts
            </button>
          </p>
        </div>
      ) : (
        <OperationError error={error} onRetry={notFound ? undefined : onRetry} />
      )}
      {notFound && (
        <p>
          <Link href={`/${section}`}>Back to {label}</Link>
        </p>
      )}
    </section>
  );
}
