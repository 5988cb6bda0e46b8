import { useEffect, useId, useMemo, useState } from 'react';
import type { Conversation } from '../../api/schemas/reporting';
import { debounce } from '../../format/debounce';
import { openConversationSearch, type ConversationSearch } from '../../machines/areas/resources';
import { operationApi } from '../../machines/operation.api';
import { useActorApi } from '../actors/useActorApi';
import { useTimeZone } from '../common/TimeZone';
import { useOperation } from '../common/useOperation';
import { useCan, usePortal } from '../PortalContext';
import { conversationLabel, shortUuid } from './ConversationLink';


/**
 * The feedback form's Conversation: a searchable picker over the reporting conversations list
 * (names and the start of a uuid, SPEC §9's 300 ms debounce), an ARIA combobox with a listbox.
 * Without reporting access it stays a plain text input for the uuid.
 */
export function ConversationPicker({ label, name, value, onChange, error, accountId = null, waitingFor }: {
  label: string;
  name: string;
  value: string;
  onChange: (uuid: string) => void;
  error?: string;
  /** Only this account's conversations (the form's account); null: the global filter's scope. */
  accountId?: string | null;
  /** Set while the picker waits for the form's account. */
  waitingFor?: string;
}) {
  const timeZone = useTimeZone();
  const portal = usePortal();
  const canSearch = useCan('Reporting', 'browse');
  const search = useMemo(() => openConversationSearch(portal), [portal]);
  const results = useOperation<Conversation[]>(search);
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<Conversation | null>(null);
  const { start } = useActorApi(search, operationApi<ConversationSearch>);
  const ask = useMemo(() => debounce((term: string) => start({ search: term, accountId })), [start, accountId]);
  useEffect(() => () => ask.cancel(), [ask]);

  const options = open ? (results.output ?? []) : [];
  const choose = (conversation: Conversation) => {
    setChosen(conversation);
    onChange(conversation.uuid);
    setText('');
    setOpen(false);
  };

  if (!canSearch) {
    return (
      <div className="field">
        <label htmlFor={id}>{label} (uuid)</label>
        <input id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
        {error && <p id={errorId} className="field-error">{error}</p>}
      </div>
    );
  }
  return (
    <div className="field conversation-picker">
      <label htmlFor={id}>{label}</label>
      {value && (
        <p className="conversation-chosen">
          <span>{chosen && chosen.uuid === value ? conversationLabel(chosen, timeZone) : `Conversation …${shortUuid(value)}`}</span>{' '}
          <button type="button" className="link-button" onClick={() => { setChosen(null); onChange(''); }}>
            Clear conversation
          </button>
        </p>
      )}
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder={value ? 'Search for another conversation' : 'Search by contact, bot or uuid'}
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : '', waitingFor ? hintId : ''].filter(Boolean).join(' ') || undefined}
        disabled={Boolean(waitingFor)}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(e.target.value.trim() !== '');
          if (e.target.value.trim()) ask(e.target.value.trim().slice(0, 100));
          else ask.cancel();
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && options.length) { e.preventDefault(); setActive((a) => (a + 1) % options.length); }
          else if (e.key === 'ArrowUp' && options.length) { e.preventDefault(); setActive((a) => (a - 1 + options.length) % options.length); }
          else if (e.key === 'Enter' && open && options[active]) { e.preventDefault(); choose(options[active]); }
          else if (e.key === 'Escape' && open) { e.preventDefault(); setOpen(false); }
        }}
      />
      <ul id={listId} role="listbox" aria-label={`${label} results`} className="conversation-options" hidden={!open || options.length === 0}>
        {options.map((conversation, index) => (
          <li
            key={conversation.uuid}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'is-active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(conversation)}
          >
            {conversationLabel(conversation, timeZone)}
          </li>
        ))}
      </ul>
      {open && text.trim() !== '' && (
        <p className="field-hint" role="status">
          {results.loading ? 'Searching…' : results.failed ? 'The conversations could not be searched.' : options.length === 0 ? 'No conversation matches.' : `${options.length} conversations found.`}
        </p>
      )}
      {waitingFor && <p id={hintId} className="field-hint">{waitingFor}</p>}
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}
