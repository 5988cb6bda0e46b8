import { useId, useState, type ReactNode } from 'react';
import './filters.css';
import { useMediaQuery } from '../../common/useMediaQuery';

/** Below 600 px a list's filters would fill the first screen: they start folded there. */
export const PHONE_WIDTH = '(max-width: 599px)';

/**
 * A list's filters behind a "Filters" button (aria-expanded) that says how many are active, so
 * a folded panel still tells the list is narrowed. Open by default on wider screens, folded on
 * phones; once the user toggles it, their choice stays (a rotation does not undo it). The panel
 * is hidden, not unmounted: a search being typed survives folding.
 */
export function FiltersDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const phone = useMediaQuery(PHONE_WIDTH);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? !phone;
  const panel = useId();
  return (
    <div className="filters-disclosure">
      <button type="button" className="button filters-toggle" aria-expanded={open} aria-controls={panel} onClick={() => setChosen(!open)}>
        Filters{active > 0 ? ` (${active} active)` : ''}
        <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
      </button>
      <div id={panel} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
