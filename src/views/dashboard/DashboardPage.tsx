import { useEffect } from 'react';
import { Link } from 'wouter';
import type { GlobalTotals } from '../../api/globalTotals';
import { formatMoney } from '../../format/money';
import { formatNumber } from '../../format/number';
import { formatElapsedMinutes } from '../../format/elapsed';
import { can, permittedSections } from '../../machines/permissions';
import { accountFilterSelectors } from '../../machines/accountFilter.api';
import { operationApi } from '../../machines/operation.api';
import { useAccountFilterState } from '../actors/useAccountFilter';
import { useActorApi } from '../actors/useActorApi';
import { useOperation } from '../common/useOperation';
import { useScopeName } from '../common/useScopeName';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { usePermissions, usePortal, useUser } from '../PortalContext';

const TOTALS: Array<{ key: keyof GlobalTotals; label: string; format: (n: number) => string }> = [
  { key: 'conversations', label: 'Conversations', format: formatNumber },
  { key: 'minutes', label: 'Talk time', format: formatElapsedMinutes },
  { key: 'cost', label: 'Cost', format: formatMoney },
  { key: 'active', label: 'Active now', format: formatNumber },
  { key: 'bots', label: 'Bots', format: formatNumber },
  { key: 'instances', label: 'Instances', format: formatNumber },
];

function GlobalTotalsPanel() {
  const { globalTotals } = usePortal();
  const { output: totals, error, loading } = useOperation<GlobalTotals>(globalTotals);
  const { start } = useActorApi(globalTotals, operationApi<void>);
  const accountId = useAccountFilterState(accountFilterSelectors.accountId);
  // Under one account the totals are that account's: the title names it.
  const scope = useScopeName();
  const load = () => start();

  // Reload when the global account filter changes: the totals are scoped by it.
  useEffect(() => {
    start();
  }, [start, accountId]);

  return (
    <section aria-labelledby="totals-title" className="panel">
      <h2 id="totals-title">{scope ? `Totals for ${scope}` : 'Global totals'}</h2>
      <OperationError error={error} onRetry={load} />
      {loading && !totals && <LoadingState label="Loading totals…" />}
      {totals && (
        <dl className="stat-grid" aria-busy={loading}>
          {TOTALS.filter((t) => typeof totals[t.key] === 'number').map((t) => (
            <div key={t.key} className="stat">
              <dt>{t.label}</dt>
              <dd>{t.format(totals[t.key] as number)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export default function DashboardPage() {
  const user = useUser();
  const permissions = usePermissions();
  const sections = permittedSections(permissions);
  return (
    <section className="page">
      <h1>Welcome{user?.name ? `, ${user.name}` : ''}</h1>
      {can(permissions, 'Reporting', 'browse') && <GlobalTotalsPanel />}
      <section aria-labelledby="sections-title" className="panel">
        <h2 id="sections-title">Your sections</h2>
        {sections.length === 0 ? (
          <p>No sections are open to your account yet. Ask an administrator for a role.</p>
        ) : (
          <ul className="card-grid">
            {sections.map((section) => (
              <li key={section.key}>
                <Link href={`/${section.key}`} className="card">
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
