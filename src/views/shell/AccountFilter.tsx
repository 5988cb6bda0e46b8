import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AccountFilterActor } from '../../machines/accountFilter';
import { isGlobal } from '../../machines/permissions';
import { usePermissions, usePortal } from '../PortalContext';

type FilterSnapshot = ReturnType<AccountFilterActor['getSnapshot']>;
const selectAccountId = (s: FilterSnapshot) => s.context.accountId;
const selectAccounts = (s: FilterSnapshot) => s.context.accounts;
const selectFailed = (s: FilterSnapshot) => s.matches('failed');

/** SPEC §1: the global account filter. Only users who see several accounts get it. */
export function AccountFilter() {
  const { accountFilter } = usePortal();
  const permissions = usePermissions();
  const accountId = useSelector(accountFilter, selectAccountId);
  const accounts = useSelector(accountFilter, selectAccounts);
  const failed = useSelector(accountFilter, selectFailed);
  const visible = isGlobal(permissions, 'Accounts');

  useEffect(() => {
    // The shell re-mounts per route: `need` loads once, not on every navigation.
    if (visible) accountFilter.send({ type: 'accountFilter.need' });
  }, [visible, accountFilter]);

  if (!visible) return null;
  return (
    <div className="account-filter">
      <label htmlFor="account-filter">Account</label>
      <select
        id="account-filter"
        value={accountId ?? ''}
        onChange={(e) => accountFilter.send({ type: 'accountFilter.select', accountId: e.target.value || null })}
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
