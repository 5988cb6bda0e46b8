import { useEffect, useMemo, useRef, useState } from 'react';
import { GRADES, type DispositionCount } from '../../../api/schemas/reporting';
import { debounce } from '../../../format/debounce';
import { activeFilterCount, conversationQueryFromUrl } from '../conversationQuery';
import { choicesNamingAccounts, accountIdsOf } from '../../resources/accountLabels';
import { referenceName } from '../../resources/ReferenceValue';
import { useReferenceNames } from '../../resources/useReferences';
import { DateRangeFields } from '../DateRangeFields';
import { FiltersDisclosure } from './FiltersDisclosure';
import { MultiSelectChips } from './MultiSelectChips';
import { ReviewFilterFields } from '../review/ReviewFilterFields';

export type FilterChanges = Record<string, string | readonly string[] | undefined>;

/** The reference API's bound on any list's search (docs/reporting-contract.md). */
const MAX_SEARCH_CHARACTERS = 100;

const GRADE_OPTIONS = GRADES.map((g) => ({ value: g, label: `Grade ${g}` }));

/**
 * The conversations list's filters, applied as they change (like the resource lists: no Apply
 * button): the search after a 300 ms pause (SPEC §9), everything else at once. The URL holds them.
 * On phones they start folded behind the Filters button (FiltersDisclosure).
 */
export function ConversationFilters({ params, dispositions, onChange, searchErrors, reviewFilters = true }: {
  params: URLSearchParams;
  /** The Evaluation and Score filters (issue 29): false on a backend without evaluations. */
  reviewFilters?: boolean;
  dispositions: readonly DispositionCount[];
  onChange: (changes: FilterChanges) => void;
  /** The server's 422 on the search (too long, too common…): shown under the box it is about. */
  searchErrors?: readonly string[] | undefined;
}) {
  const query = conversationQueryFromUrl(params);
  const [text, setText] = useState(query.search ?? '');
  const latest = useRef(onChange);
  latest.current = onChange;
  const pushSearch = useMemo(() => debounce((value: string) => latest.current({ search: value.trim() || undefined, page: undefined })), []);
  useEffect(() => () => pushSearch.cancel(), [pushSearch]);
  // Back/forward or "Clear filters" change the URL: the box follows it.
  useEffect(() => setText((typed) => (typed.trim() === (query.search ?? '') ? typed : (query.search ?? ''))), [query.search]);

  const set = (changes: FilterChanges) => onChange({ ...changes, page: undefined });
  const known = dispositions.filter((d): d is DispositionCount & { id: string | number } => d.id !== null).map((d) => ({ ...d, id: String(d.id) }));
  // Under "All accounts" each account has its own "No answer": a label that repeats names its account.
  const accounts = useReferenceNames([{ section: 'accounts', ids: accountIdsOf(known) }]);
  const labels = choicesNamingAccounts(known, (d) => d.label ?? `Disposition ${d.id}`, (account) => {
    const entry = accounts('accounts', account);
    return entry?.state === 'found' ? referenceName('accounts', entry.record) : null;
  });
  const dispositionOptions = known.map((d, index) => ({ value: d.id, label: labels[index]!.label, detail: `${d.conversations} conversations` }));

  return (
    <FiltersDisclosure active={activeFilterCount(query)}>
      <form className="report-filters" aria-label="Conversation filters" role="search" onSubmit={(e) => { e.preventDefault(); pushSearch.flush(); }}>
        <div className="field">
          <label htmlFor="conversations-search">Search</label>
          <input
            id="conversations-search"
            type="search"
            value={text}
            maxLength={MAX_SEARCH_CHARACTERS}
            placeholder="uuid, phone, name, summary"
            aria-invalid={searchErrors?.length ? true : undefined}
            aria-describedby={searchErrors?.length ? 'conversations-search-error' : undefined}
            onChange={(e) => {
              setText(e.target.value);
              pushSearch(e.target.value);
            }}
          />
          {searchErrors?.length ? (
            <p className="field-error" id="conversations-search-error" role="alert">
              {searchErrors.join(' ')}
            </p>
          ) : null}
        </div>
        <DateRangeFields idPrefix="conversations" from={query.from} to={query.to} onApply={(range) => set({ from: range.from, to: range.to })} />
        <MultiSelectChips label="Grades" options={GRADE_OPTIONS} selected={query.grades ?? []} onChange={(values) => set({ grade: values })} placeholder="Any grade" />
        <MultiSelectChips label="Dispositions" options={dispositionOptions} selected={query.dispositions ?? []} onChange={(values) => set({ disposition: values })} placeholder="Any disposition" />
        <div className="field">
          <label htmlFor="conversations-channel">Channel</label>
          <select id="conversations-channel" value={query.filter?.channel ?? ''} onChange={(e) => set({ channel: e.target.value || undefined })}>
            <option value="">Any</option>
            <option value="voice">Voice</option>
            <option value="chat">Chat</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="conversations-status">Status</label>
          <select id="conversations-status" value={query.filter?.status ?? ''} onChange={(e) => set({ status: e.target.value || undefined })}>
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="completed">Completed</option>
            <option value="failed">Failed</option>
          </select>
        </div>
        {reviewFilters && <ReviewFilterFields query={query} onChange={set} />}
      </form>
    </FiltersDisclosure>
  );
}
