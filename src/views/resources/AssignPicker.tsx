import { useId, useRef, useState } from 'react';
import type { RelationItem } from '../../api/relations';
import { relationItemId, type RelationActor, type RelationRequest } from '../../machines/relation';
import { announceWhenDone } from '../common/toasts';

/** The "available" picker of a relation: choose one item and assign it (SPEC §7 relations). */
export function AssignPicker({
  relation,
  label,
  items,
  itemLabel,
  busy,
  buttonText = 'Assign',
}: {
  relation: RelationActor;
  label: string;
  items: RelationItem[];
  itemLabel: (item: RelationItem) => string;
  busy: boolean;
  buttonText?: string;
}) {
  const [choice, setChoice] = useState('');
  const pickerId = useId();
  const picker = useRef<HTMLSelectElement>(null);
  return (
    <form
      className="list-toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        if (!choice) return;
        const chosen = items.find((item) => relationItemId(item) === choice);
        const request: RelationRequest = { type: 'relation.assign', itemId: choice };
        announceWhenDone(relation, request, `Assigned “${chosen ? itemLabel(chosen) : `#${choice}`}”.`);
        relation.send(request);
        setChoice('');
        // The Assign button disables itself now (nothing chosen): focus stays in the panel, on the picker.
        picker.current?.focus();
      }}
    >
      <div className="field">
        <label htmlFor={pickerId}>{label}</label>
        <select ref={picker} id={pickerId} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose…</option>
          {items.map((item) => (
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
