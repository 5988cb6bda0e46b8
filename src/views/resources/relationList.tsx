import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { RelationItem } from '../../api/relations';
import { relationSelectors, type RelationActorApi } from '../../machines/relation.api';
import type { RelationActor } from '../../machines/relation';
import { formatNumber } from '../../format/number';
import { useRelationState } from '../actors/useRelation';
import { OperationError } from '../common/OperationError';
import { announce } from '../common/toasts';
import type { OperationView } from '../common/useOperation';

/** Rows shown at first and added by each "Show more": a long list stays light to render and to tab through. */
export const RELATION_ROWS_STEP = 50;
/** From this many items on, the list gets a search (a short list is read at a glance). */
export const RELATION_SEARCH_FROM = 10;
/** Longest search text (every input bounded). */
const SEARCH_MAX = 100;

/** The words a search matches in an item: its name or label, and a contact's phone and email. */
function searchText(item: RelationItem, label: (item: RelationItem) => string): string {
  const contact = (item.contact ?? item) as RelationItem;
  return [label(item), contact.email, contact.phone_number].filter((v) => typeof v === 'string').join(' ').toLowerCase();
}

/**
 * A relation list as a user reaches it: how many there are (the server's count), a search over
 * every item read (all pages) once the list is long, and the rows in steps with "Show more",
 * which reads on from the server once every read row is shown.
 */
export function useRelationList(relation: RelationActor, api: RelationActorApi, label: (item: RelationItem) => string) {
  const assigned = useRelationState(relation, relationSelectors.assigned);
  const total = useRelationState(relation, relationSelectors.total);
  const hasMore = useRelationState(relation, relationSelectors.hasMore);
  const [term, setTerm] = useState('');
  const [shown, setShown] = useState(RELATION_ROWS_STEP);
  const needle = term.trim().toLowerCase();
  const matches = useMemo(() => (needle ? assigned.filter((item) => searchText(item, label).includes(needle)) : assigned), [assigned, needle, label]);
  const rows = matches.slice(0, shown);
  // The first row a "Show more" brought gets the focus (the button may be gone with the last ones).
  const list = useRef<HTMLElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const index = focusRow.current;
    if (index === null || rows.length <= index) return;
    focusRow.current = null;
    list.current?.querySelectorAll<HTMLElement>('[data-row-focus]')[index]?.focus();
  });
  return {
    rows,
    total: Math.max(total, assigned.length),
    matchCount: matches.length,
    term,
    search: (value: string) => {
      setTerm(value.slice(0, SEARCH_MAX));
      setShown(RELATION_ROWS_STEP);
    },
    searchable: Math.max(total, assigned.length) >= RELATION_SEARCH_FROM,
    /** Rows read but not shown yet, or items the server still holds. */
    canShowMore: matches.length > rows.length || hasMore,
    showMore: () => {
      focusRow.current = rows.length;
      if (matches.length > rows.length) setShown(rows.length + RELATION_ROWS_STEP);
      else {
        setShown(rows.length + RELATION_ROWS_STEP);
        api.readMore();
      }
    },
    /** The element holding the rows (a callback ref, so a list and a table body both fit). */
    listRef: (element: HTMLElement | null) => {
      list.current = element;
    },
  };
}

export type RelationListView = ReturnType<typeof useRelationList>;

/** The count, the search and (below the rows) "Show more" of a relation list. */
export function RelationListHeader({ view, noun }: { view: RelationListView; noun: string }) {
  const id = useId();
  const { total, matchCount, term } = view;
  const count = term.trim() ? `${formatNumber(matchCount)} of ${formatNumber(total)} match “${term.trim()}”` : `${formatNumber(total)} assigned`;
  return (
    <div className="relation-tools">
      <p className="relation-count" id={`${id}-count`} aria-live="polite">
        {count}
      </p>
      {view.searchable && (
        <div className="field">
          <label htmlFor={`${id}-search`}>Find in assigned {noun}</label>
          <input id={`${id}-search`} type="search" value={term} maxLength={SEARCH_MAX} autoComplete="off" onChange={(e) => view.search(e.target.value)} aria-describedby={`${id}-count`} />
        </div>
      )}
    </div>
  );
}

/** "Show more" below the rows, and the failure of reading on (with its retry). */
export function ShowMoreRows({ view, more, api }: { view: RelationListView; more: OperationView; api: RelationActorApi }) {
  return (
    <>
      {view.canShowMore && (
        <p>
          <button type="button" className="button" onClick={view.showMore} disabled={more.loading} aria-busy={more.loading}>
            Show more ({formatNumber(view.rows.length)} of {formatNumber(view.term.trim() ? view.matchCount : view.total)} shown)
          </button>
        </p>
      )}
      <OperationError error={more.failed ? more.error : null} onRetry={api.readMore} />
    </>
  );
}

/**
 * Remove for one assigned item: announced with Undo, which assigns it again as it was (`again`:
 * a workflow contact's link fields). Focus stays in the panel, on its heading: the row and its
 * button are about to go (and after Undo, whose toast goes).
 */
export function RemoveButton({ api, itemId, name, disabled, again }: { api: RelationActorApi; itemId: string; name: string; disabled: boolean; again?: Record<string, unknown> }) {
  return (
    <button
      type="button"
      className="button"
      aria-label={`Remove ${name}`}
      disabled={disabled}
      onClick={(event) => {
        const heading = event.currentTarget.closest('section')?.querySelector<HTMLElement>('h2');
        heading?.focus();
        const undo = () => {
          heading?.focus();
          api.assign(itemId, { succeeded: () => announce(`“${name}” assigned again.`) }, again);
        };
        api.remove(itemId, { succeeded: () => announce(`Removed “${name}”.`, { label: 'Undo', run: undo }) });
      }}
    >
      Remove
    </button>
  );
}
