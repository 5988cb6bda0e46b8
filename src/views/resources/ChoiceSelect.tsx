import { useId } from 'react';
import type { ResourceKey } from '../../api/resources';
import { sectionByKey } from '../../sections';
import { NumericInput } from '../common/NumericInput';
import { SearchablePicker, type PickerOption } from '../common/SearchablePicker';
import { useAccountOfEach, useNamesWithAccounts } from '../common/useNamesWithAccounts';
import { useCan } from '../PortalContext';
import { referenceName } from './ReferenceValue';
import type { Choice } from './sectionConfig';
import { inAccountOrGlobal, usePickerOptions } from './useReferences';

/** Choices beyond this many (records or fixed) are searched, not scrolled; fewer stay a native select. */
export const LONG_CHOICES = 15;

/**
 * A labelled select over fixed choices or another section's records (its first 100, through the
 * reference cache). With `accountId`, only that account's records and the global ones; without,
 * the global filter's scope, where names that repeat say their account ("GPT-4o — Acme").
 * `waitingFor` disables a record picker and says what to choose first (the form's Account).
 * Without browse permission on that section, a plain id input. With `searchLong`, a long list (more
 * than LONG_CHOICES) is a searchable picker (issue 28): typing narrows, and under "All accounts"
 * every record says whose it is ("Billing Bot — Acme Support").
 */
export function ChoiceSelect({ label, value, onChange, choices, choicesFrom, emptyLabel = 'None', error, name, required, accountId = null, waitingFor, searchLong = false }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices?: Choice[];
  choicesFrom?: ResourceKey;
  emptyLabel?: string;
  error?: string;
  name?: string;
  required?: boolean;
  accountId?: string | null;
  waitingFor?: string;
  /** A long list (more than LONG_CHOICES) becomes a searchable picker: list filters and form fields. */
  searchLong?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const canBrowse = useCan(choicesFrom ? (sectionByKey(choicesFrom)?.model ?? null) : null, 'browse');
  const options = usePickerOptions(choicesFrom, accountId, Boolean(choicesFrom && canBrowse && !waitingFor));
  const records = inAccountOrGlobal(options.records, accountId);
  // Names that repeat (several accounts' "GPT-4o") say whose they are; only their accounts are looked up.
  const named = useNamesWithAccounts(choicesFrom ? records.map((record) => ({ id: record.id, name: referenceName(choicesFrom, record), account_id: record.account_id })) : []);
  // Under "All accounts" and no form account: every record's account, said after its name.
  const accountOf = useAccountOfEach(choicesFrom && !accountId ? records.map((record) => ({ account_id: record.account_id })) : []);

  const described = [error ? errorId : '', waitingFor ? hintId : ''].filter(Boolean).join(' ') || undefined;
  if (choicesFrom && !canBrowse) {
    return (
      <div className="field">
        <label htmlFor={id}>{label} (id)</label>
        <NumericInput id={id} name={name} value={value} onValueChange={onChange} aria-invalid={error ? true : undefined} aria-describedby={described} />
        {error && <p id={errorId} className="field-error">{error}</p>}
      </div>
    );
  }
  const list: Choice[] = choicesFrom ? records.map((record) => ({ value: record.id, label: named(record.id, referenceName(choicesFrom, record)) })) : (choices ?? []);
  // Keep a current value visible even before its record has loaded.
  if (value && !list.some((c) => c.value === value)) list.unshift({ value, label: `#${value}` });
  const hintsAndErrors = (
    <>
      {waitingFor && <p id={hintId} className="field-hint">{waitingFor}</p>}
      {choicesFrom && options.state === 'failed' && <p className="field-error">{`The ${label.toLowerCase()} choices could not be loaded.`}</p>}
      {error && <p id={errorId} className="field-error">{error}</p>}
    </>
  );
  if (searchLong && list.length > LONG_CHOICES) {
    const picked: PickerOption[] = [
      { value: '', label: emptyLabel },
      ...(choicesFrom
        ? records.map((record) => {
            const detail = accountOf(record.account_id);
            // With the account said after every name, the name itself stays plain.
            return detail ? { value: record.id, label: referenceName(choicesFrom, record), detail } : { value: record.id, label: named(record.id, referenceName(choicesFrom, record)) };
          })
        : list),
    ];
    if (value && !picked.some((c) => c.value === value)) picked.splice(1, 0, { value, label: `#${value}` });
    return (
      <SearchablePicker label={label} name={name} value={value} options={picked} onChange={onChange} required={required} invalid={Boolean(error)}
        describedBy={described} disabled={Boolean(waitingFor)} busy={Boolean(choicesFrom && !waitingFor && options.state === 'loading')}>
        {hintsAndErrors}
      </SearchablePicker>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        required={required}
        disabled={Boolean(waitingFor)}
        aria-busy={choicesFrom && !waitingFor && options.state === 'loading' ? true : undefined}
      >
        <option value="">{emptyLabel}</option>
        {list.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {hintsAndErrors}
    </div>
  );
}
