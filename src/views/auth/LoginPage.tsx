import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { authSelectors } from '../../machines/auth.api';
import { useAuth, useAuthState } from '../actors/useAuth';
import { OperationError } from '../common/OperationError';
import { useNavigate, usePortal } from '../PortalContext';
import { isSsoReturn } from './sso';

export default function LoginPage() {
  const { config } = usePortal();
  const { go } = useNavigate();
  const auth = useAuth();
  const busy = useAuthState(authSelectors.signingIn);
  const error = useAuthState(authSelectors.error);
  const notice = useAuthState(authSelectors.notice);
  const ssoBusy = useAuthState(authSelectors.ssoBusy);
  const endSessionOffered = useAuthState(authSelectors.endSessionOffered);
  // Kept in state so a failed sign-in loses nothing the user typed.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  // Back from the identity provider (?code=…&state=… or ?error=…&state=…): the auth statechart
  // completes the sign-in; the one-time answer is taken out of the address bar and history.
  useEffect(() => {
    if (!config.sso || !isSsoReturn(window.location.search)) return;
    auth.completeSso(window.location.href);
    go(window.location.pathname, true);
  }, [auth, config.sso, go]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    auth.signIn({ email: email.trim(), password, remember });
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
            // The first thing to do on this page: typing starts in Email (issue 12).
            autoFocus
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
        <button type="button" className="button" onClick={auth.startSso} disabled={busy} aria-busy={ssoBusy}>
          {ssoBusy ? 'Signing in with single sign-on…' : 'Sign in with single sign-on'}
        </button>
      )}
      {endSessionOffered && (
        <div className="alert alert-info" role="status">
          <p>You signed out of the portal. You may still be signed in at your identity provider.</p>
          <button type="button" className="button" onClick={auth.endProviderSession}>
            Sign out of the identity provider too
          </button>
        </div>
      )}
      <p className="auth-links">
        <Link href="/forgot-password">Forgot your password?</Link> · <Link href="/register">Create an account</Link>
      </p>
    </section>
  );
}
