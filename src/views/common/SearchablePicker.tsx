import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './searchablePicker.css';

export interface PickerOption {
  value: string;
  label: string;
  /** The heading it is listed under ("Bots", "Instances"). */
  group?: string;
  /** Whose it is, said after the label ("Acme Support"): part of its name and of what the search matches. */
  detail?: string;
}

/** A long list stays quick: at most this many matches are drawn; typing narrows the rest. */
const SHOWN = 200;

const nameOf = (option: PickerOption) => (option.detail ? `${option.label} — ${option.detail}` : option.label);

/** Every typed word appears in the option's label, detail or group (any case, any order). */
export function matchOptions(options: readonly PickerOption[], query: string): PickerOption[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const text = `${option.label} ${option.detail ?? ''} ${option.group ?? ''}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * A select you can type in (WAI-ARIA combobox with a listbox popup), for lists too long to scroll:
 * "Chat with" (132 bots and instances), the call's instance. Typing filters; arrows, Enter and
 * Escape work as in a select; the chosen option's label stays in the field.
 */
export function SearchablePicker({ label, value, options, onChange, disabled, busy, describedBy, className, name, required, invalid, children }: {
  label: string;
  value: string;
  options: readonly PickerOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  busy?: boolean;
  describedBy?: string;
  className?: string;
  /** The form field's name: a form focuses its first invalid field by it. */
  name?: string;
  required?: boolean;
  invalid?: boolean;
  /** Hints and errors under the field (inside it, as a select's). */
  children?: ReactNode;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const chosen = options.find((option) => option.value === value);
  const matches = useMemo(() => matchOptions(options, query ?? ''), [options, query]);
  const shown = matches.slice(0, SHOWN);
  const optionId = (index: number) => `${id}-option-${index}`;

  const show = (from: number) => {
    setOpen(true);
    setActive(Math.max(0, Math.min(from, shown.length - 1)));
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: PickerOption | undefined) => {
    if (option) onChange(option.value);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const selectedIndex = Math.max(0, shown.findIndex((option) => option.value === value));
    const moves: Record<string, () => void> = {
      ArrowDown: () => (open ? setActive((i) => Math.min(i + 1, shown.length - 1)) : show(selectedIndex)),
      ArrowUp: () => (open ? setActive((i) => Math.max(i - 1, 0)) : show(selectedIndex)),
      PageDown: () => open && setActive((i) => Math.min(i + 10, shown.length - 1)),
      PageUp: () => open && setActive((i) => Math.max(i - 10, 0)),
      Enter: () => choose(shown[active]),
      Escape: close,
    };
    const move = moves[event.key];
    // Enter and Escape belong to the form and the page unless the list is open.
    if (!move || event.altKey || ((event.key === 'Enter' || event.key === 'Escape') && !open)) return;
    event.preventDefault();
    if (event.key === 'Escape') event.stopPropagation();
    move();
  };

  let group: string | undefined;
  return (
    <div className={`field picker${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        name={name}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        value={query ?? (chosen ? nameOf(chosen) : '')}
        placeholder="Type to search"
        onChange={(event) => {
          setQuery(event.target.value);
          show(0);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => !open && show(Math.max(0, shown.findIndex((option) => option.value === value)))}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {/* Mouse down keeps focus in the field: a click (or the scrollbar) does not close the list first. */}
      <div className="picker-popup" hidden={!open} onMouseDown={(event) => event.preventDefault()}>
        <ul id={listId} role="listbox" aria-label={label}>
          {shown.map((option, index) => {
            const heading = option.group !== group ? option.group : undefined;
            group = option.group;
            return [
              heading && (
                <li key={`group-${heading}`} role="presentation" className="picker-group">
                  {heading}
                </li>
              ),
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                className={index === active ? 'is-active' : undefined}
                onClick={() => choose(option)}
              >
                {option.label}
                {option.detail && <span className="picker-detail"> — {option.detail}</span>}
              </li>,
            ];
          })}
        </ul>
        {matches.length === 0 && <p className="picker-note">Nothing matches “{query}”.</p>}
        {matches.length > SHOWN && <p className="picker-note">Showing {SHOWN} of {matches.length}: type to narrow.</p>}
      </div>
      <span className="visually-hidden" role="status">
        {open && query !== null ? `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}` : ''}
      </span>
      {children}
    </div>
  );
}
