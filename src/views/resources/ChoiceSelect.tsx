import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { ResourceKey } from '../../api/resources';
import type { ResourceSnapshot } from '../../machines/resource';
import { sectionByKey } from '../../sections';
import { NumericInput } from '../common/NumericInput';
import { useCan } from '../PortalContext';
import type { Choice } from './sectionConfig';
import { SECTION_CONFIGS } from './sectionConfigs';
import { useResourceOperation, useResource } from './useResource';

const selectOptions = (s: ResourceSnapshot) => s.context.options;

/**
 * A labelled select over fixed choices or another section's records (its first 100, loaded once
 * through that section's `fetch`). Without browse permission on that section, a plain id input.
 */
export function ChoiceSelect({ label, value, onChange, choices, choicesFrom, emptyLabel = 'None', error, name, required }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices?: Choice[];
  choicesFrom?: ResourceKey;
  emptyLabel?: string;
  error?: string;
  name?: string;
  required?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const source = choicesFrom ?? 'accounts';
  const canBrowse = useCan(choicesFrom ? (sectionByKey(choicesFrom)?.model ?? null) : null, 'browse');
  const other = useResource(source);
  const options = useSelector(other, selectOptions);
  const fetch = useResourceOperation(other, 'fetch');
  useEffect(() => {
    if (choicesFrom && canBrowse && fetch.idle) other.send({ type: 'resource.fetch' });
  }, [choicesFrom, canBrowse, fetch.idle, other]);

  const described = error ? errorId : undefined;
  if (choicesFrom && !canBrowse) {
    return (
      <div className="field">
        <label htmlFor={id}>{label} (id)</label>
        <NumericInput id={id} name={name} value={value} onValueChange={onChange} aria-invalid={error ? true : undefined} aria-describedby={described} />
        {error && <p id={errorId} className="field-error">{error}</p>}
      </div>
    );
  }
  const list: Choice[] = choicesFrom ? options.map((record) => ({ value: record.id, label: SECTION_CONFIGS[source].titleOf(record) })) : (choices ?? []);
  // Keep a current value visible even before its record has loaded.
  if (value && !list.some((c) => c.value === value)) list.unshift({ value, label: `#${value}` });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={described} required={required}>
        <option value="">{emptyLabel}</option>
        {list.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}
