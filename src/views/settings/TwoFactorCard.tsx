import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { twoFactorSettingsApi, twoFactorSettingsSelectors } from '../../machines/account/twoFactorSettings.api';
import { useActorApi } from '../actors/useActorApi';
import { OperationError } from '../common/OperationError';
import { useFlow } from '../useFlow';
import { FormField, StatusMessage } from '../auth/FormField';

/** Fortify's two-factor set-up on /settings: enable → QR code → confirm → recovery codes. */
export function TwoFactorCard() {
  const flow = useFlow('twoFactorSettings');
  const twoFactor = useActorApi(flow, twoFactorSettingsApi);
  const panel = useSelector(flow, twoFactorSettingsSelectors.panel);
  const busy = useSelector(flow, twoFactorSettingsSelectors.busy);
  const enabling = useSelector(flow, twoFactorSettingsSelectors.enabling);
  const confirmingCode = useSelector(flow, twoFactorSettingsSelectors.confirmingCode);
  const setup = useSelector(flow, twoFactorSettingsSelectors.setup);
  const codes = useSelector(flow, twoFactorSettingsSelectors.recoveryCodes);
  const error = useSelector(flow, twoFactorSettingsSelectors.error);
  const notice = useSelector(flow, twoFactorSettingsSelectors.notice);
  const [code, setCode] = useState('');

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    twoFactor.confirm(code);
    setCode('');
  }

  return (
    <section className="settings-card" aria-labelledby="settings-two-factor-title" aria-busy={busy}>
      <h2 id="settings-two-factor-title">Two-factor authentication</h2>
      <StatusMessage text={notice} />
      <OperationError error={error} />
      {panel === 'off' && (
        <>
          <p>Add a second step to signing in: a code from an authenticator app on your phone.</p>
          <button type="button" className="button button-primary" disabled={busy} onClick={twoFactor.enable}>
            {enabling ? 'Enabling…' : 'Enable two-factor authentication'}
          </button>
        </>
      )}
      {setup && panel === 'settingUp' && (
        <>
          <p>Scan this QR code with your authenticator app, or type the setup key, then enter the code it shows.</p>
          {/* The server's SVG as an image (data URL): it is displayed, never inserted as markup. */}
          <img className="two-factor-qr" src={setup.qrImage} alt="QR code for your authenticator app" width={192} height={192} />
          <p>
            Setup key: <code>{setup.secretKey}</code>
          </p>
          <form onSubmit={confirm} noValidate>
            <FormField
              id="two-factor-confirm-code"
              label="Code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={10}
              required
              value={code}
              onValue={setCode}
              errors={error?.fieldErrors.code}
            />
            <div className="account-actions">
              <button type="submit" className="button button-primary" disabled={busy}>
                {confirmingCode ? 'Confirming…' : 'Confirm'}
              </button>
              <button type="button" className="button" disabled={busy} onClick={twoFactor.cancel}>
                Cancel
              </button>
            </div>
          </form>
        </>
      )}
      {panel === 'on' && (
        <>
          <p>Two-factor authentication is on for your account.</p>
          {codes && (
            <>
              <p id="recovery-codes-help">Each recovery code signs you in once if you lose your phone. Keep them somewhere safe.</p>
              <ul className="recovery-codes" aria-label="Recovery codes" aria-describedby="recovery-codes-help">
                {codes.map((recovery) => (
                  <li key={recovery}>
                    <code>{recovery}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="account-actions">
            {!codes && (
              <button type="button" className="button" disabled={busy} onClick={twoFactor.showCodes}>
                Show recovery codes
              </button>
            )}
            <button type="button" className="button" disabled={busy} onClick={twoFactor.regenerateCodes}>
              Regenerate recovery codes
            </button>
            <button type="button" className="button button-danger" disabled={busy} onClick={twoFactor.disable}>
              Disable two-factor authentication
            </button>
          </div>
        </>
      )}
    </section>
  );
}
