import { useId, useState, type FormEvent } from 'react';
import { SAVED_VIEW_LIMITS, type SavedView } from '../../api/schemas/savedViews';
import { preferencesSelectors } from '../../machines/preferences.api';
import { usePreferences, usePreferencesState } from '../actors/usePreferences';
import type { ListState } from './listState';
import { currentViewName, stateToQuery, viewToState } from './savedViewState';
import type { SectionConfig } from './sectionConfig';

/**
 * Saved views of one list (issue 30): name the current search, filters, sort, page size and columns, open one,
 * pick the one the list opens with. Kept in user settings (the preferences actor), so they follow the
 * user to another browser and survive sign-out.
 */
export function SavedViews({ list, state, config, onApply }: { list: string; state: ListState; config: SectionConfig; onApply: (state: ListState, replace: boolean) => void }) {
  const selectViews = useState(() => preferencesSelectors.listViews(list))[0];
  const { views, default: defaultName } = usePreferencesState(selectViews);
  const { setListViews } = usePreferences();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [notice, setNotice] = useState('');
  const ids = useId();
  const current = currentViewName(views, state, config);

  // The default view opens with the list: its loader asks for it, before any call (views/resources/routeData.ts).

  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim().slice(0, SAVED_VIEW_LIMITS.name);
    if (!trimmed) return;
    const view: SavedView = { name: trimmed, query: stateToQuery(state, config.defaultSort), columns: state.columns ?? null };
    const others = views.filter((v) => v.name !== trimmed);
    if (others.length >= SAVED_VIEW_LIMITS.viewsPerList) {
      setNotice(`A list keeps at most ${SAVED_VIEW_LIMITS.viewsPerList} views: delete one first.`);
      return;
    }
    setListViews(list, { views: [...others, view], default: makeDefault ? trimmed : defaultName === trimmed ? null : defaultName });
    setNaming(false);
    setName('');
    setNotice(`View "${trimmed}" saved.`);
  };

  const remove = (viewName: string) => {
    setListViews(list, { views: views.filter((v) => v.name !== viewName), default: defaultName === viewName ? null : defaultName });
    setNotice(`View "${viewName}" deleted.`);
  };

  return (
    <div className="saved-views">
      <div className="field">
        <label htmlFor={`${ids}-view`}>View</label>
        <select
          id={`${ids}-view`}
          value={current ?? ''}
          onChange={(event) => {
            const view = views.find((v) => v.name === event.target.value);
            if (view) onApply(viewToState(view, config), false);
          }}
        >
          <option value="">{views.length ? 'Unsaved view' : 'No saved views'}</option>
          {views.map((view) => (
            <option key={view.name} value={view.name}>
              {view.name}
              {view.name === defaultName ? ' (default)' : ''}
            </option>
          ))}
        </select>
      </div>
      {current && (
        <>
          <button
            type="button"
            className="button"
            onClick={() => {
              setListViews(list, { views, default: current === defaultName ? null : current });
              setNotice(current === defaultName ? `"${current}" is no longer the default view.` : `The list now opens with "${current}".`);
            }}
          >
            {current === defaultName ? 'Stop opening with this view' : 'Open the list with this view'}
          </button>
          <button type="button" className="button" onClick={() => remove(current)}>
            Delete view
          </button>
        </>
      )}
      {naming ? (
        <form className="saved-view-form" onSubmit={save} aria-label="Save this view">
          <div className="field">
            <label htmlFor={`${ids}-name`}>View name</label>
            <input id={`${ids}-name`} value={name} maxLength={SAVED_VIEW_LIMITS.name} onChange={(event) => setName(event.target.value)} autoFocus required />
          </div>
          <div className="field-inline">
            <input id={`${ids}-default`} type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} />
            <label htmlFor={`${ids}-default`}>Open the list with it</label>
          </div>
          <button type="submit" className="button button-primary">
            Save view
          </button>
          <button type="button" className="button" onClick={() => setNaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setNaming(true)}>
          Save as view…
        </button>
      )}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
    </div>
  );
}
