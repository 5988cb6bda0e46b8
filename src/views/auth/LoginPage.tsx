import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { AuthSnapshot } from '../../machines/auth';
import { OperationError } from '../common/OperationError';
import { usePortal } from '../PortalContext';
import { readSsoReturn, startSso } from './sso';

const selectBusy = (s: AuthSnapshot) => s.matches('signingIn') || s.matches('exchangingToken') || s.matches('fetchingUser') || s.matches('fetchingPermissions');
const selectError = (s: AuthSnapshot) => s.context.error;
const selectNotice = (s: AuthSnapshot) => s.context.notice;

export default function LoginPage() {
  const { auth, config } = usePortal();
  const busy = useSelector(auth, selectBusy);
  const error = useSelector(auth, selectError);
  const notice = useSelector(auth, selectNotice);
  // Kept in state so a failed sign-in loses nothing the user typed.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  useEffect(() => {
    const tokens = readSsoReturn(window.location.hash);
    if (!tokens) return;
    history.replaceState(null, '', window.location.pathname + window.location.search);
    auth.send({ type: 'auth.sso', ...tokens });
  }, [auth]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    auth.send({ type: 'auth.submit', credentials: { email: email.trim(), password, remember } });
  }

  const fieldErrors = error?.fieldErrors ?? {};

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      {notice && (
        <p className="alert alert-info" role="status">
          {notice}
        </p>
      )}
      <OperationError error={error} />
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldErrors.email ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={fieldErrors.password ? true : undefined}
          />
        </div>
        <div className="field field-inline">
          <input id="login-remember" type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <label htmlFor="login-remember">Keep me signed in</label>
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {config.sso && (
        <button type="button" className="button" onClick={() => startSso(config.sso!)} disabled={busy}>
          Sign in with single sign-on
        </button>
      )}
      <p className="auth-links">
        <Link href="/forgot-password">Forgot your password?</Link> · <Link href="/register">Create an account</Link>
      </p>
    </section>
  );
}
