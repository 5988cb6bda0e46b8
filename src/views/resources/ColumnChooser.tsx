import { useEffect, useId, useRef, useState } from 'react';
import { chosenKeys } from './visibleColumns';
import type { Column } from './sectionConfig';

interface ColumnChooserProps {
  /** Every column the list can show, in its own order. */
  all: readonly Column[];
  /** The columns shown now, in order. */
  shown: readonly Column[];
  /** The new choice; undefined = the list's own columns. */
  onChange: (columns: string[] | undefined) => void;
}

/**
 * Show, hide and order a list's columns (issue 30). The choice lives in the list's address
 * (`columns=`), so a saved view keeps it, Back restores it and the export follows it.
 * The shown columns come first, in their order; at least one stays shown.
 */
export function ColumnChooser({ all, shown, onChange }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const shownKeys = shown.map((column) => column.key);
  const hidden = all.filter((column) => !shownKeys.includes(column.key));
  // A moved column's button keeps focus after the list re-renders in its new order.
  const refocus = useRef<string | null>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!refocus.current) return;
    panel.current?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(refocus.current)}"]`)?.focus();
    refocus.current = null;
  });

  const set = (keys: string[]) => onChange(chosenKeys(all, keys));
  const move = (key: string, by: -1 | 1, focusKey: string) => {
    const keys = [...shownKeys];
    const from = keys.indexOf(key);
    const to = from + by;
    if (from < 0 || to < 0 || to >= keys.length) return;
    [keys[from], keys[to]] = [keys[to]!, keys[from]!];
    refocus.current = focusKey;
    set(keys);
  };

  return (
    <div className="column-chooser">
      <button type="button" className="button" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        Columns
      </button>
      {open && (
        <fieldset ref={panel} id={`${id}-panel`} className="column-chooser-panel">
          <legend>Columns shown, in order</legend>
          <ul>
            {[...shown, ...hidden].map((column) => {
              const place = shownKeys.indexOf(column.key);
              const visible = place >= 0;
              return (
                <li key={column.key}>
                  <input
                    id={`${id}-${column.key}`}
                    type="checkbox"
                    checked={visible}
                    // The last shown column stays: a list always shows something.
                    disabled={visible && shownKeys.length === 1}
                    onChange={() => set(visible ? shownKeys.filter((key) => key !== column.key) : [...shownKeys, column.key])}
                  />
                  <label htmlFor={`${id}-${column.key}`}>{column.label}</label>
                  {visible && (
                    <span className="column-moves">
                      <button type="button" className="button" data-focus-key={`${column.key}:up`} aria-label={`Move ${column.label} left`} disabled={place === 0} onClick={() => move(column.key, -1, `${column.key}:up`)}>
                        ←
                      </button>
                      <button type="button" className="button" data-focus-key={`${column.key}:down`} aria-label={`Move ${column.label} right`} disabled={place === shownKeys.length - 1} onClick={() => move(column.key, 1, `${column.key}:down`)}>
                        →
                      </button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          <button type="button" className="button" disabled={chosenKeys(all, shownKeys) === undefined} onClick={() => onChange(undefined)}>
            Reset columns
          </button>
        </fieldset>
      )}
    </div>
  );
}
