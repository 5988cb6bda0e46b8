import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { authSelectors } from '../../machines/auth.api';
import { useAuth, useAuthState } from '../actors/useAuth';
import { OperationError } from '../common/OperationError';
import { FormField } from './FormField';
import './account.css';

/** Fortify's second step: a code from the authenticator app, or one of the recovery codes. */
export default function TwoFactorChallengePage() {
  const auth = useAuth();
  const waiting = useAuthState(authSelectors.twoFactorPending);
  const busy = useAuthState(authSelectors.signingIn);
  const error = useAuthState(authSelectors.twoFactorError);
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
    auth.answerTwoFactor(answer);
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
        <button type="button" className="button" onClick={auth.cancelTwoFactor} disabled={busy}>
          Cancel and sign in again
        </button>
      </p>
    </section>
  );
}
