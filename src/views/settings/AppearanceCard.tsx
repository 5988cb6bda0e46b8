import type { Appearance } from '../../machines/effects';
import { preferencesSelectors } from '../../machines/preferences.api';
import { usePreferences, usePreferencesState } from '../actors/usePreferences';

const CHOICES: readonly { value: Appearance; label: string; hint: string }[] = [
  { value: 'system', label: 'Match the system', hint: 'Light or dark as your device is set.' },
  { value: 'light', label: 'Light', hint: '' },
  { value: 'dark', label: 'Dark', hint: '' },
];

/**
 * The theme (issue 30): applied the moment it is chosen and kept in user settings, so it follows
 * the user to another browser; with a backend that keeps no such setting, it stays in this browser.
 */
export function AppearanceCard() {
  const appearance = usePreferencesState(preferencesSelectors.appearance);
  const localOnly = usePreferencesState(preferencesSelectors.localOnly);
  const failed = usePreferencesState(preferencesSelectors.saveFailed);
  const { setAppearance } = usePreferences();
  return (
    <section className="settings-card" aria-labelledby="settings-appearance-title">
      <h2 id="settings-appearance-title">Appearance</h2>
      <fieldset className="field appearance-choices">
        <legend>Theme</legend>
        {CHOICES.map((choice) => (
          <div className="field-inline" key={choice.value}>
            <input
              id={`appearance-${choice.value}`}
              type="radio"
              name="appearance"
              value={choice.value}
              checked={appearance === choice.value}
              onChange={() => setAppearance(choice.value)}
            />
            <label htmlFor={`appearance-${choice.value}`}>{choice.label}</label>
            {choice.hint && <span className="field-hint">{choice.hint}</span>}
          </div>
        ))}
      </fieldset>
      <p className="field-hint" role="status">
        {failed ? 'Your theme applies here, but saving it to your account failed.' : localOnly ? 'Your theme is kept in this browser.' : ''}
      </p>
    </section>
  );
}
