import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { AuthSnapshot } from '../../machines/auth';
import { OperationError } from '../common/OperationError';
import { usePortal } from '../PortalContext';
import { FormField } from './FormField';
import './account.css';

const selectWaiting = (s: AuthSnapshot) => s.matches('twoFactorChallenge') || s.matches('verifyingTwoFactor');
const selectBusy = (s: AuthSnapshot) => s.matches('verifyingTwoFactor') || s.matches('fetchingUser') || s.matches('fetchingPermissions');
const selectError = (s: AuthSnapshot) => (s.matches('twoFactorChallenge') ? s.context.error : null);

/** Fortify's second step: a code from the authenticator app, or one of the recovery codes. */
export default function TwoFactorChallengePage() {
  const { auth } = usePortal();
  const waiting = useSelector(auth, selectWaiting);
  const busy = useSelector(auth, selectBusy);
  const error = useSelector(auth, selectError);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  if (!waiting && !busy) {
    return (
      <section className="auth-card" aria-labelledby="two-factor-title">
        <h1 id="two-factor-title">Two-factor authentication</h1>
        <p role="status">There is no sign-in waiting for a second factor. It may have expired.</p>
        <p className="auth-links">
          <Link href="/login">Back to sign in</Link>
        </p>
      </section>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const answer = useRecovery ? { recovery_code: recoveryCode.trim() } : { code: code.replace(/\s+/g, '') };
    auth.send({ type: 'auth.twoFactor', answer });
  }

  const fieldErrors = error?.fieldErrors ?? {};

  return (
    <section className="auth-card" aria-labelledby="two-factor-title">
      <h1 id="two-factor-title">Two-factor authentication</h1>
      <p>
        {useRecovery
          ? 'Enter one of your emergency recovery codes. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <OperationError error={error} />
      <form onSubmit={submit} noValidate aria-busy={busy}>
        {useRecovery ? (
          <FormField
            id="two-factor-recovery-code"
            label="Recovery code"
            key="recovery"
            autoFocus
            autoComplete="one-time-code"
            required
            maxLength={100}
            value={recoveryCode}
            onValue={setRecoveryCode}
            errors={fieldErrors.recovery_code}
          />
        ) : (
          <FormField
            id="two-factor-code"
            label="Authentication code"
            key="code"
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={10}
            value={code}
            onValue={setCode}
            errors={fieldErrors.code}
          />
        )}
        <div className="account-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Checking…' : 'Sign in'}
          </button>
          <button type="button" className="button" onClick={() => setUseRecovery(!useRecovery)} disabled={busy}>
            {useRecovery ? 'Use an authentication code' : 'Use a recovery code'}
          </button>
        </div>
      </form>
      <p className="auth-links">
        <button type="button" className="button" onClick={() => auth.send({ type: 'auth.cancel' })} disabled={busy}>
          Cancel and sign in again
        </button>
      </p>
    </section>
  );
}
