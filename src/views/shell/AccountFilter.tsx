import { useEffect } from 'react';
import { accountFilterSelectors } from '../../machines/accountFilter.api';
import { isGlobal } from '../../machines/permissions';
import { useAccountFilter, useAccountFilterState } from '../actors/useAccountFilter';
import { usePermissions } from '../PortalContext';

/** SPEC §1: the global account filter. Only users who see several accounts get it. */
export function AccountFilter() {
  const accountFilter = useAccountFilter();
  const permissions = usePermissions();
  const accountId = useAccountFilterState(accountFilterSelectors.accountId);
  const accounts = useAccountFilterState(accountFilterSelectors.accounts);
  const failed = useAccountFilterState(accountFilterSelectors.failed);
  const visible = isGlobal(permissions, 'Accounts');

  useEffect(() => {
    // The shell re-mounts per route: `need` loads once, not on every navigation.
    if (visible) accountFilter.need();
  }, [visible, accountFilter]);

  if (!visible) return null;
  return (
    <div className="account-filter">
      <label htmlFor="account-filter">Account</label>
      <select
        id="account-filter"
        value={accountId ?? ''}
        onChange={(e) => accountFilter.select(e.target.value || null)}
        aria-describedby={failed ? 'account-filter-error' : undefined}
      >
        <option value="">All accounts</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
          </option>
        ))}
      </select>
      {failed && (
        <span id="account-filter-error" className="field-error" role="alert">
          Error Loading Accounts
        </span>
      )}
    </div>
  );
}
