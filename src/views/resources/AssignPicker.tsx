import { useId, useMemo, useRef, useState } from 'react';
import type { RelationItem } from '../../api/relations';
import { relationItemId } from '../../machines/relation';
import { formatNumber } from '../../format/number';
import { RELATION_SEARCH_FROM } from './relationList';

/** Longest search text (every input bounded). */
const SEARCH_MAX = 100;

/**
 * The "available" picker of a relation: choose one item and assign it (SPEC §7 relations). A long
 * choice list gets a search that narrows the options (the chosen one stays while it matches).
 */
export function AssignPicker({
  label,
  items,
  itemLabel,
  busy,
  onAssign,
  buttonText = 'Assign',
}: {
  label: string;
  items: RelationItem[];
  itemLabel: (item: RelationItem) => string;
  busy: boolean;
  /** Assigns the chosen item (its id and the name it was offered under). */
  onAssign: (itemId: string, name: string) => void;
  buttonText?: string;
}) {
  const [choice, setChoice] = useState('');
  const [term, setTerm] = useState('');
  const pickerId = useId();
  const picker = useRef<HTMLSelectElement>(null);
  const needle = term.trim().toLowerCase();
  const options = useMemo(() => (needle ? items.filter((item) => itemLabel(item).toLowerCase().includes(needle)) : items), [items, needle, itemLabel]);
  const searchable = items.length >= RELATION_SEARCH_FROM;
  return (
    <form
      className="list-toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        if (!choice) return;
        const chosen = items.find((item) => relationItemId(item) === choice);
        onAssign(choice, chosen ? itemLabel(chosen) : `#${choice}`);
        setChoice('');
        // The Assign button disables itself now (nothing chosen): focus stays in the panel, on the picker.
        picker.current?.focus();
      }}
    >
      {searchable && (
        <div className="field">
          <label htmlFor={`${pickerId}-search`}>Find {label.toLowerCase()}</label>
          <input
            id={`${pickerId}-search`}
            type="search"
            value={term}
            maxLength={SEARCH_MAX}
            autoComplete="off"
            onChange={(e) => {
              setTerm(e.target.value);
              if (choice && !items.some((item) => relationItemId(item) === choice && itemLabel(item).toLowerCase().includes(e.target.value.trim().toLowerCase()))) setChoice('');
            }}
            aria-describedby={`${pickerId}-count`}
          />
          <p id={`${pickerId}-count`} className="field-hint" aria-live="polite">
            {needle ? `${formatNumber(options.length)} of ${formatNumber(items.length)} match` : `${formatNumber(items.length)} to choose from`}
          </p>
        </div>
      )}
      <div className="field">
        <label htmlFor={pickerId}>{label}</label>
        <select ref={picker} id={pickerId} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">{items.length === 0 ? 'Nothing left to assign' : 'Choose…'}</option>
          {options.map((item) => (
            <option key={relationItemId(item)} value={relationItemId(item)}>
              {itemLabel(item)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button" disabled={!choice || busy}>
        {buttonText}
      </button>
    </form>
  );
}
