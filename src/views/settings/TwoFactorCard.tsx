import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { twoFactorSettingsApi, twoFactorSettingsSelectors } from '../../machines/account/twoFactorSettings.api';
import { useActorApi } from '../actors/useActorApi';
import { OperationError } from '../common/OperationError';
import { useFlow } from '../useFlow';
import { StatusMessage } from '../auth/FormField';
import { OneFieldStep } from './OneFieldStep';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Fortify's two-factor set-up on /settings: enable → QR code → confirm → recovery codes (copy,
 * download) → disable, asked first. When the server wants the password confirmed (423) the card
 * asks for it, then does what was asked. After each change focus goes to what came of it.
 */
export function TwoFactorCard() {
  const flow = useFlow('twoFactorSettings');
  const twoFactor = useActorApi(flow, twoFactorSettingsApi);
  const panel = useSelector(flow, twoFactorSettingsSelectors.panel);
  const busy = useSelector(flow, twoFactorSettingsSelectors.busy);
  const enabling = useSelector(flow, twoFactorSettingsSelectors.enabling);
  const confirmingCode = useSelector(flow, twoFactorSettingsSelectors.confirmingCode);
  const checkingPassword = useSelector(flow, twoFactorSettingsSelectors.checkingPassword);
  const setup = useSelector(flow, twoFactorSettingsSelectors.setup);
  const codes = useSelector(flow, twoFactorSettingsSelectors.recoveryCodes);
  const error = useSelector(flow, twoFactorSettingsSelectors.error);
  const notice = useSelector(flow, twoFactorSettingsSelectors.notice);
  const outcome = useRef<HTMLDivElement>(null);
  const askingPassword = panel === 'password';

  // The outcome of a change (its status or its error) takes focus, so it is read and not lost.
  useEffect(() => {
    if ((notice || error) && !askingPassword) outcome.current?.focus();
  }, [notice, error, askingPassword]);

  return (
    <section className="settings-card" aria-labelledby="settings-two-factor-title" aria-busy={busy}>
      <h2 id="settings-two-factor-title">Two-factor authentication</h2>
      <div ref={outcome} tabIndex={-1} className="settings-outcome">
        <StatusMessage text={notice} />
        {!askingPassword && <OperationError error={error} />}
      </div>
      {askingPassword && (
        <OneFieldStep
          aria-labelledby="two-factor-password-title"
          field={{ id: 'two-factor-confirm-password', label: 'Password', type: 'password', autoComplete: 'current-password', autoFocus: true, errors: error?.fieldErrors.password }}
          busy={busy}
          checking={checkingPassword}
          confirmLabel="Confirm password"
          onSubmit={twoFactor.confirmPassword}
          onCancel={twoFactor.cancelPassword}
        >
          <h3 id="two-factor-password-title">Confirm your password</h3>
          <p>For your security, please confirm your password to continue.</p>
          <OperationError error={error && !error.fieldErrors.password ? error : null} />
        </OneFieldStep>
      )}
      {panel === 'askingToDisable' && (
        <div role="group" aria-labelledby="two-factor-disable-question">
          <p id="two-factor-disable-question">
            <strong>Turn off two-factor authentication?</strong> Signing in will then need only your password, and your recovery codes stop working.
          </p>
          <div className="account-actions">
            <button type="button" className="button button-danger" onClick={twoFactor.disableConfirmed}>
              Turn off two-factor authentication
            </button>
            {/* The safe answer has focus: Enter keeps things as they are. */}
            <button type="button" className="button" autoFocus onClick={twoFactor.keepOn}>
              Keep it on
            </button>
          </div>
        </div>
      )}
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
          <OneFieldStep
            field={{ id: 'two-factor-confirm-code', label: 'Code from your authenticator app', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 10, errors: error?.fieldErrors.code }}
            busy={busy}
            checking={confirmingCode}
            confirmLabel="Confirm"
            onSubmit={twoFactor.confirm}
            onCancel={twoFactor.cancel}
          />
        </>
      )}
      {panel === 'on' && (
        <>
          <p>Two-factor authentication is on for your account.</p>
          {codes && <RecoveryCodes codes={codes} />}
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
