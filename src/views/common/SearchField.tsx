import { useEffect, useId, useMemo, useState } from 'react';
import { debounce } from '../../format/debounce';

/**
 * A list's search (SPEC §9): what is typed stays local and the URL follows 300 ms after the last
 * key, or at once on Enter (`flush`, from the form's submit). The text follows the URL when it
 * changes elsewhere (Clear search and filters, Back). `push` reads the list's latest state itself;
 * `resetKey` (the section) starts a new debounce.
 */
export function useSearchText(search: string, push: (value: string) => void, resetKey?: unknown) {
  const [text, setText] = useState(search);
  const pushLater = useMemo(() => debounce(push), [resetKey]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => pushLater.cancel(), [pushLater]);
  useEffect(() => setText(search), [search]);
  const change = (value: string) => {
    setText(value);
    pushLater(value);
  };
  return { text, change, flush: () => pushLater.flush() };
}

/** The search box of a list's toolbar. */
export function SearchField({ text, onChange }: { text: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Search</label>
      <input id={id} type="search" value={text} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
