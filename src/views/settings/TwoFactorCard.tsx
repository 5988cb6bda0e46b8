import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { TwoFactorSettingsEvent } from '../../machines/account/twoFactorSettings';
import { OperationError } from '../common/OperationError';
import { usePortal } from '../PortalContext';
import { useFlow } from '../useFlow';
import { FormField, StatusMessage } from '../auth/FormField';

/** Fortify's two-factor set-up on /settings: enable → QR code → confirm → recovery codes. */
export function TwoFactorCard() {
  const { auth } = usePortal();
  const flow = useFlow('twoFactorSettings', { auth });
  const state = useSelector(flow, (s) => s.value as string);
  const setup = useSelector(flow, (s) => s.context.setup);
  const codes = useSelector(flow, (s) => s.context.recoveryCodes);
  const error = useSelector(flow, (s) => s.context.error);
  const notice = useSelector(flow, (s) => s.context.notice);
  const [code, setCode] = useState('');
  const busy = !['off', 'confirming', 'on'].includes(state);
  const send = (event: TwoFactorSettingsEvent) => flow.send(event);

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    send({ type: 'twoFactor.confirm', code: code.replace(/\s+/g, '') });
    setCode('');
  }

  return (
    <section className="settings-card" aria-labelledby="settings-two-factor-title" aria-busy={busy}>
      <h2 id="settings-two-factor-title">Two-factor authentication</h2>
      <StatusMessage text={notice} />
      <OperationError error={error} />
      {(state === 'off' || state === 'enabling') && (
        <>
          <p>Add a second step to signing in: a code from an authenticator app on your phone.</p>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => send({ type: 'twoFactor.enable' })}>
            {state === 'enabling' ? 'Enabling…' : 'Enable two-factor authentication'}
          </button>
        </>
      )}
      {setup && (state === 'confirming' || state === 'confirmingCode' || state === 'disabling') && (
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
                {state === 'confirmingCode' ? 'Confirming…' : 'Confirm'}
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'twoFactor.cancel' })}>
                Cancel
              </button>
            </div>
          </form>
        </>
      )}
      {(state === 'on' || state === 'loadingCodes' || state === 'regeneratingCodes' || (state === 'disabling' && !setup)) && (
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
              <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'twoFactor.showCodes' })}>
                Show recovery codes
              </button>
            )}
            <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'twoFactor.regenerateCodes' })}>
              Regenerate recovery codes
            </button>
            <button type="button" className="button button-danger" disabled={busy} onClick={() => send({ type: 'twoFactor.disable' })}>
              Disable two-factor authentication
            </button>
          </div>
        </>
      )}
    </section>
  );
}
