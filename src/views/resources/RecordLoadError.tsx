import { Link } from 'wouter';
import type { OperationFailure } from '../../machines/operation';
import { sectionByKey } from '../../sections';
import { OperationError } from '../common/OperationError';

/**
 * A record page whose record did not load. SPEC §8's "Record Not Found" (a 404: a stale link, or
 * a record the user cannot see) can never succeed on retry: it offers the way back to the list.
 */
export function RecordLoadError({ section, error, onRetry }: { section: string; error: OperationFailure; onRetry: () => void }) {
  const notFound = error.status === 404;
  const label = sectionByKey(section)?.label ?? section;
  return (
    <section className="page">
      <OperationError error={error} onRetry={notFound ? undefined : onRetry} />
      {notFound && (
        <p>
          <Link href={`/${section}`}>Back to {label}</Link>
        </p>
      )}
    </section>
  );
}
