import { useSelector } from '@xstate/react';
import { verificationCheckApi, verificationCheckSelectors } from '../../machines/account/emailVerification.api';
import { operationApi } from '../../machines/operation.api';
import { useActorApi } from '../actors/useActorApi';
import { useOperation } from '../common/useOperation';
import { Link } from 'wouter';
import { safeRedirectTarget } from '../../machines/landing';
import { OperationError } from '../common/OperationError';
import { useAuthPhase, useUser } from '../PortalContext';
import { StatusMessage } from './FormField';
import { useQueryParam } from './useQueryParam';
import { useFlow } from '../useFlow';
import './account.css';

/** SPEC §5: where a 403 "not verified" sends the user; the redirect query is kept throughout. */
export default function EmailVerificationPage() {
  const phase = useAuthPhase();
  const user = useUser();
  const redirect = safeRedirectTarget(useQueryParam('redirect')) ?? '/dashboard';
  const resendFlow = useFlow('verificationResend');
  const resend = useActorApi(resendFlow, operationApi<{ redirect: string }>);
  const resendView = useOperation(resendFlow);
  const sending = resendView.loading;
  const sent = resendView.succeeded ? String(resendView.output ?? '') : null;
  const resendError = resendView.error;
  const checkFlow = useFlow('verificationCheck', { redirect });
  const check = useActorApi(checkFlow, verificationCheckApi);
  const checking = useSelector(checkFlow, verificationCheckSelectors.checking);
  const notice = useSelector(checkFlow, verificationCheckSelectors.notice);
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
          <button type="button" className="button button-primary" disabled={checking} onClick={check.check}>
            {checking ? 'Checking…' : 'I have verified my email'}
          </button>
          <button type="button" className="button" disabled={sending} onClick={() => resend.start({ redirect })}>
            {sending ? 'Sending…' : 'Resend verification email'}
          </button>
          <Link href="/logout">Sign out</Link>
        </div>
      )}
    </section>
  );
}
