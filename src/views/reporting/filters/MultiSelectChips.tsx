import './filters.css';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

export interface MultiSelectOption {
  value: string;
  label: string;
  /** Tells apart options with the same label (e.g. the account a disposition belongs to). */
  detail?: string;
}

const MAX_FILTER = 100;

/**
 * A searchable multi-select: the chosen values as removable chips, and a combobox whose list
 * narrows as you type (ArrowUp/ArrowDown move, Enter toggles, Escape closes, Backspace on an
 * empty box removes the last chip). Every change applies at once, as the resource lists' filters do.
 */
export function MultiSelectChips({ label, options, selected, onChange, placeholder = 'Type to filter' }: {
  label: string;
  options: readonly MultiSelectOption[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const needle = text.trim().toLowerCase().slice(0, MAX_FILTER);
  const visible = useMemo(
    () => options.filter((o) => !needle || o.label.toLowerCase().includes(needle) || (o.detail ?? '').toLowerCase().includes(needle)),
    [options, needle],
  );
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const nameOf = (o: MultiSelectOption) => (o.detail ? `${o.label} (${o.detail})` : o.label);

  const toggle = (value: string) => onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  const activeOption = open ? visible[Math.min(active, visible.length - 1)] : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (visible.length ? (Math.min(i, visible.length - 1) + step + visible.length) % visible.length : 0));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      toggle(activeOption.value);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && selected.length > 0) {
      onChange(selected.slice(0, -1));
    }
  };

  return (
    <div className="field multi-select">
      <label id={`${id}-label`} htmlFor={`${id}-input`}>{label}</label>
      <div className="multi-select-box" onClick={() => input.current?.focus()}>
        {selected.length > 0 && (
          <ul className="chips" aria-label={`Chosen ${label.toLowerCase()}`}>
            {selected.map((value) => {
              const option = byValue.get(value);
              const name = option ? nameOf(option) : value;
              return (
                <li key={value} className="chip">
                  <span>{name}</span>
                  <button type="button" aria-label={`Remove ${name}`} onClick={(event) => { event.stopPropagation(); toggle(value); }}>×</button>
                </li>
              );
            })}
          </ul>
        )}
        <input
          ref={input}
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${id}-option-${activeOption.value}` : undefined}
          value={text}
          maxLength={MAX_FILTER}
          placeholder={selected.length ? '' : placeholder}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && (
        <ul id={`${id}-list`} role="listbox" aria-multiselectable="true" aria-labelledby={`${id}-label`} className="multi-select-list">
          {visible.length === 0 && <li className="multi-select-empty">{`No ${label.toLowerCase()} match “${text.trim()}”.`}</li>}
          {visible.map((option) => (
            <li
              key={option.value}
              id={`${id}-option-${option.value}`}
              role="option"
              aria-selected={selected.includes(option.value)}
              className={option === activeOption ? 'is-active' : undefined}
              // Keep focus in the box: a click toggles without closing the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => toggle(option.value)}
            >
              <span className="multi-select-check" aria-hidden="true">{selected.includes(option.value) ? '✓' : ''}</span>
              {option.label}
              {option.detail && <span className="multi-select-detail">{option.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
