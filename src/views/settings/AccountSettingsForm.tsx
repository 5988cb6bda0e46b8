import { useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { AccountSettings } from '../../api/account';
import { searchTimeZones, timeZoneChoices } from '../../format/timeZones';
import { LoadingState } from '../common/LoadingState';
import { useFlow } from '../useFlow';
import { OperationError } from '../common/OperationError';
import { settingsApi, settingsSelectors } from '../../machines/account/settings.api';
import { useActorApi } from '../actors/useActorApi';
import { StatusMessage } from '../auth/FormField';
import { ThemeContrastNote } from '../common/ThemeContrastNote';

const DEFAULT_THEME = '#4f46e5';


/** GET/POST /api/v1/user/settings: theme colour (applied at once), time zone, notifications. */
export function AccountSettingsCard() {
  const flow = useFlow('accountSettings');
  const card = useActorApi(flow, settingsApi);
  const settings = useSelector(flow, settingsSelectors.settings);
  const loadFailed = useSelector(flow, settingsSelectors.loadFailed);
  const saving = useSelector(flow, settingsSelectors.saving);
  const error = useSelector(flow, settingsSelectors.error);
  const notice = useSelector(flow, settingsSelectors.notice);

  return (
    <section className="settings-card" aria-labelledby="settings-account-title">
      <h2 id="settings-account-title">Account settings</h2>
      {loadFailed ? (
        <OperationError error={error} onRetry={card.retry} />
      ) : settings ? (
        <SettingsForm
          initial={settings}
          saving={saving}
          errors={error?.fieldErrors ?? {}}
          onSave={card.save}
          feedback={
            <>
              <StatusMessage text={notice} />
              <OperationError error={error} />
            </>
          }
        />
      ) : (
        <LoadingState label="Loading your settings…" />
      )}
    </section>
  );
}

function SettingsForm(props: {
  initial: AccountSettings;
  saving: boolean;
  errors: Record<string, string[]>;
  onSave: (settings: AccountSettings) => void;
  feedback: ReactNode;
}) {
  const { initial, saving, errors, onSave, feedback } = props;
  // Kept here so a refused save loses nothing the user chose.
  const [theme, setTheme] = useState(initial.theme_color ?? DEFAULT_THEME);
  const [timezone, setTimezone] = useState(initial.timezone);
  const [productUpdates, setProductUpdates] = useState(initial.notifications.product_updates);
  const [weeklySummary, setWeeklySummary] = useState(initial.notifications.weekly_summary);
  const [zoneQuery, setZoneQuery] = useState('');
  const zones = useMemo(() => timeZoneChoices(initial.timezone), [initial.timezone]);
  // The chosen zone stays an option whatever the search, so the select always shows it.
  const found = useMemo(() => searchTimeZones(zones, zoneQuery), [zones, zoneQuery]);
  const chosen = zones.find((choice) => choice.zone === timezone);
  const shownZones = chosen && !found.includes(chosen) ? [chosen, ...found] : found;
  const matches = found.length;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave({ theme_color: theme, timezone, notifications: { product_updates: productUpdates, weekly_summary: weeklySummary } });
  }

  const fieldError = (field: string) =>
    errors[field] ? (
      <ul className="field-error" id={`settings-${field}-error`}>
        {errors[field].map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    ) : null;

  return (
    <form onSubmit={submit} noValidate aria-busy={saving}>
      {feedback}
      <div className="field">
        <label htmlFor="settings-theme">Theme colour</label>
        <input id="settings-theme" type="color" value={theme} onChange={(e) => setTheme(e.target.value)} aria-invalid={errors.theme_color ? true : undefined} aria-describedby={errors.theme_color ? 'settings-theme-contrast settings-theme_color-error' : 'settings-theme-contrast'} />
        <ThemeContrastNote id="settings-theme-contrast" colour={theme} />
        {fieldError('theme_color')}
      </div>
      <div className="field">
        <label htmlFor="settings-timezone-search">Find a time zone</label>
        <input
          id="settings-timezone-search"
          type="search"
          value={zoneQuery}
          maxLength={60}
          autoComplete="off"
          placeholder="City, region or offset (UTC+2)"
          onChange={(e) => setZoneQuery(e.target.value)}
          aria-describedby="settings-timezone-matches"
        />
        <p id="settings-timezone-matches" className="field-hint" aria-live="polite">
          {zoneQuery.trim() ? `${matches} ${matches === 1 ? 'zone matches' : 'zones match'}` : `${zones.length} zones`}
        </p>
        <label htmlFor="settings-timezone">Time zone</label>
        <select id="settings-timezone" value={timezone} onChange={(e) => setTimezone(e.target.value)} aria-invalid={errors.timezone ? true : undefined} aria-describedby={errors.timezone ? 'settings-timezone-error' : 'settings-timezone-note'}>
          {shownZones.map((choice) => (
            <option key={choice.zone} value={choice.zone}>
              {choice.label}
            </option>
          ))}
        </select>
        <p id="settings-timezone-note" className="field-hint">Every time the portal shows follows this zone.</p>
        {fieldError('timezone')}
      </div>
      <fieldset className="field">
        <legend>Email notifications</legend>
        <div className="field-inline">
          <input id="settings-product-updates" type="checkbox" checked={productUpdates} onChange={(e) => setProductUpdates(e.target.checked)} />
          <label htmlFor="settings-product-updates">Product updates</label>
        </div>
        <div className="field-inline">
          <input id="settings-weekly-summary" type="checkbox" checked={weeklySummary} onChange={(e) => setWeeklySummary(e.target.checked)} />
          <label htmlFor="settings-weekly-summary">Weekly summary</label>
        </div>
      </fieldset>
      <button type="submit" className="button button-primary" disabled={saving}>
        {saving ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
