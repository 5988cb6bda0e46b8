import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { safeRedirectTarget } from '../../machines/landing';
import { RESEND_SUMMARY } from '../../machines/account/emailVerification';
import { OperationError } from '../common/OperationError';
import { useAuthPhase, usePortal, useUser } from '../PortalContext';
import { StatusMessage } from './FormField';
import { useQueryParam } from './useQueryParam';
import { useFlow } from '../useFlow';
import './account.css';

/** SPEC §5: where a 403 "not verified" sends the user; the redirect query is kept throughout. */
export default function EmailVerificationPage() {
  const { auth, navigation } = usePortal();
  const phase = useAuthPhase();
  const user = useUser();
  const redirect = safeRedirectTarget(useQueryParam('redirect')) ?? '/dashboard';
  const resend = useFlow('verificationResend', { summary: RESEND_SUMMARY });
  const check = useFlow('verificationCheck', { auth, navigation, redirect });
  const sending = useSelector(resend, (s) => s.matches('loading'));
  const sent = useSelector(resend, (s) => (s.matches('success') ? String(s.context.output ?? '') : null));
  const resendError = useSelector(resend, (s) => s.context.error);
  const checking = useSelector(check, (s) => s.matches('checking'));
  const notice = useSelector(check, (s) => s.context.notice);
  const signedOut = phase === 'signedOut';

  return (
    <section className="auth-card" aria-labelledby="verify-title">
      <h1 id="verify-title">Verify your email address</h1>
      <p>
        We sent a verification link to {user?.email ? <strong>{user.email}</strong> : 'your email address'}. Follow it to
        continue; it is valid for 60 minutes.
      </p>
      <StatusMessage text={sent || notice} />
      <OperationError error={resendError} />
      {signedOut ? (
        <p className="auth-links">
          <Link href={`/login?redirect=${encodeURIComponent(redirect)}`}>Sign in</Link> ·{' '}
          <Link href="/email-verification-request">Request a new verification link</Link>
        </p>
      ) : (
        <div className="account-actions">
          <button type="button" className="button button-primary" disabled={checking} onClick={() => check.send({ type: 'verification.check' })}>
            {checking ? 'Checking…' : 'I have verified my email'}
          </button>
          <button type="button" className="button" disabled={sending} onClick={() => resend.send({ type: 'operation.start', input: { redirect } })}>
            {sending ? 'Sending…' : 'Resend verification email'}
          </button>
          <Link href="/logout">Sign out</Link>
        </div>
      )}
    </section>
  );
}
