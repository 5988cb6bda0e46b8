import { useEffect, useId, useState } from 'react';
import type { ResourceKey, ResourceRecord } from '../../api/resources';
import { accountFilterSelectors } from '../../machines/accountFilter.api';
import { isGlobal } from '../../machines/permissions';
import { sectionByKey } from '../../sections';
import { useAccountFilter, useAccountFilterState } from '../actors/useAccountFilter';
import { usePermissions } from '../PortalContext';
import { referenceId } from './listNames';


/** Every section's records belong to an account, except the accounts themselves. */
const ownedByAccount = (section: ResourceKey) => section !== 'accounts';

export const ACCOUNT_REQUIRED = 'Choose the account this record belongs to.';

export interface FormAccount {
  /** The form asks which account a new record goes to (the user sees several accounts). */
  asks: boolean;
  value: string;
  choose: (accountId: string) => void;
  /** The account pickers are scoped to: the chosen one, the edited record's, or null (the filter's scope). */
  scope: string | null;
  /** Set while record pickers wait for the account to be chosen. */
  waitingFor: string | undefined;
}

/**
 * Which account a form's records belong to. A user who sees several accounts (the account filter
 * is theirs and they act globally on the section) chooses it on a new record, starting from the
 * filter's account; an edited record keeps its own. Pickers follow that account.
 */
export function useFormAccount(section: ResourceKey, mode: 'new' | 'edit', record: ResourceRecord | null): FormAccount {
  const { need } = useAccountFilter();
  const permissions = usePermissions();
  const filterAccount = useAccountFilterState(accountFilterSelectors.accountId);
  const model = sectionByKey(section)?.model ?? null;
  const asks = mode === 'new' && ownedByAccount(section) && model !== null && isGlobal(permissions, model) && isGlobal(permissions, 'Accounts');
  const [value, setValue] = useState(() => filterAccount ?? '');
  useEffect(() => {
    // The account list comes with the shell's filter; a form opened first still needs it.
    if (asks) need();
  }, [asks, need]);
  const scope = asks ? value || null : mode === 'edit' ? referenceId(record?.account_id) : null;
  return { asks, value, choose: setValue, scope, waitingFor: asks && !value ? 'Choose the account first.' : undefined };
}

/** The required Account select of a new record. */
export function AccountSelect({ value, onChange, error }: { value: string; onChange: (accountId: string) => void; error?: string }) {
  const accounts = useAccountFilterState(accountFilterSelectors.accounts);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {/* Not just "Account": the header's account filter already goes by that name. */}
        Belongs to account<span aria-hidden="true"> *</span>
      </label>
      <select
        id={id}
        name="account_id"
        value={value}
        required
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose an account…</option>
        {value && !accounts.some((a) => String(a.id) === value) && <option value={value}>{`#${value}`}</option>}
        {accounts.map((account) => (
          <option key={account.id} value={String(account.id)}>
            {account.name ?? `#${account.id}`}
          </option>
        ))}
      </select>
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}
