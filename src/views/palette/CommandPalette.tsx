import './palette.css';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { closePalette, openPalette } from '../../machines/areas/palette';
import { paletteApi, paletteSelectors } from '../../machines/palette.api';
import type { PaletteActor } from '../../machines/palette';
import { permittedSections } from '../../machines/permissions';
import { sectionByKey } from '../../sections';
import { useActorApi } from '../actors/useActorApi';
import { useAuth } from '../actors/useAuth';
import { useNavigation } from '../actors/useNavigation';
import { usePreferences } from '../actors/usePreferences';
import { useColourScheme } from '../common/useColourScheme';
import { useNamesWithAccounts } from '../common/useNamesWithAccounts';
import { usePermissions, usePortal } from '../PortalContext';
import { SECTION_CONFIGS } from '../resources/sectionConfigs';
import { commandsFor, matches, type Command } from './commands';

/** The palette's record search, an actor of the system while the palette is open. */
function usePaletteActor(sections: readonly string[]): PaletteActor {
  const portal = usePortal();
  const [actor, setActor] = useState(() => openPalette(portal, sections));
  useEffect(() => {
    const current = openPalette(portal, sections);
    if (current !== actor) setActor(current);
    return () => closePalette(portal);
  }, [portal]); // eslint-disable-line react-hooks/exhaustive-deps -- the sections are read when it opens
  return actor;
}

const GROUPS: Command['group'][] = ['Go to', 'Actions', 'Records'];

/**
 * The command palette (issue 30; Ctrl/Cmd+K, loaded on first use): go to a section or report, find
 * records by name across the sections the user may browse, run an action. A combobox over a listbox
 * (WAI-ARIA): focus stays in the field, ↑/↓ move the active option, Enter runs it, Escape closes and
 * gives focus back to where it was.
 */
export default function CommandPalette({ onClose, onShortcuts }: { onClose: () => void; onShortcuts: () => void }) {
  const permissions = usePermissions();
  const [location] = useLocation();
  const scheme = useColourScheme();
  const browsable = useMemo(() => permittedSections(permissions).map((s) => s.key), [permissions]);
  const actor = usePaletteActor(browsable);
  const palette = useActorApi(actor, paletteApi);
  const searching = useSelector(actor, paletteSelectors.searching);
  const found = useSelector(actor, paletteSelectors.found);
  const navigation = useNavigation();
  const auth = useAuth();
  const preferences = usePreferences();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    input.current?.focus();
    // Back where the user was, unless the command took them elsewhere (then the page places focus).
    return () => {
      if (opener?.isConnected && document.activeElement === document.body) opener.focus();
    };
  }, []);

  // Under "All accounts" several accounts' records share a name ("Billing Helper"): say whose each is.
  const named = useMemo(
    () => found.records.map(({ section, record }) => ({ id: `${section}:${record.id}`, name: SECTION_CONFIGS[section as keyof typeof SECTION_CONFIGS]?.titleOf(record) ?? String(record.id), account_id: record.account_id })),
    [found],
  );
  const withAccount = useNamesWithAccounts(named);
  const items = useMemo(() => {
    const commands = commandsFor({ permissions, location, scheme }).filter((c) => matches(c, query));
    const records: Command[] = found.records.map(({ section, record }, i) => {
      const label = withAccount(`${section}:${record.id}`, named[i]!.name);
      return { id: `record:${section}:${record.id}`, group: 'Records', label, keywords: sectionByKey(section)?.label, run: { go: `/${section}/${encodeURIComponent(record.id)}` } };
    });
    return [...commands, ...records];
  }, [permissions, location, scheme, query, found, named, withAccount]);
  const current = Math.min(active, Math.max(0, items.length - 1));

  const run = (command: Command) => {
    onClose();
    const what = command.run;
    if ('go' in what) navigation.go(what.go);
    else if ('appearance' in what) preferences.setAppearance(what.appearance);
    else if (what.action === 'signOut') auth.signOut();
    else onShortcuts();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = (to: number) => {
      event.preventDefault();
      if (items.length) setActive((to + items.length) % items.length);
    };
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current - 1);
    else if (event.key === 'Home' && event.ctrlKey) move(0);
    else if (event.key === 'End' && event.ctrlKey) move(items.length - 1);
    else if (event.key === 'Enter') {
      event.preventDefault();
      const command = items[current];
      if (command) run(command);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') event.preventDefault(); // the field is the dialog's one stop
  };

  const failedNames = found.failed.map((key) => sectionByKey(key)?.label ?? key);
  const recordCount = found.records.length;
  const status = searching
    ? 'Searching records…'
    : `${items.length} ${items.length === 1 ? 'result' : 'results'}${query.trim().length >= 2 ? `, ${recordCount} ${recordCount === 1 ? 'record' : 'records'}` : ''}${failedNames.length ? `. Could not search ${failedNames.join(', ')}.` : ''}`;
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div className="palette-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="palette" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h2 id={titleId} className="visually-hidden">
          Command palette
        </h2>
        <label className="visually-hidden" htmlFor={`${listId}-input`}>
          Go to, find a record, or run a command
        </label>
        <input
          ref={input}
          id={`${listId}-input`}
          className="palette-input"
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items.length ? optionId(current) : undefined}
          placeholder="Go to, find a record, or run a command…"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            palette.type(event.target.value);
          }}
        />
        <div id={listId} role="listbox" aria-label="Results" className="palette-list">
          {GROUPS.map((group) => {
            const inGroup = items.map((item, index) => ({ item, index })).filter(({ item }) => item.group === group);
            if (!inGroup.length) return null;
            return (
              <div role="group" aria-labelledby={`${listId}-${group}`} key={group}>
                <div id={`${listId}-${group}`} className="palette-group" role="presentation">
                  {group}
                </div>
                {inGroup.map(({ item, index }) => (
                  <div
                    key={item.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === current}
                    className="palette-option"
                    onMouseMove={() => index !== current && setActive(index)}
                    onClick={() => run(item)}
                  >
                    <span>{item.label}</span>
                    {item.group === 'Records' && item.keywords && <span className="palette-hint">{item.keywords}</span>}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
        <p className="palette-status" role="status">
          {status}
        </p>
        <p className="palette-keys" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> run · <kbd>Esc</kbd> close
        </p>
      </div>
    </div>
  );
}
