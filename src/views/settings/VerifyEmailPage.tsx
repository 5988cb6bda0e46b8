import { useSelector } from '@xstate/react';
import { RESEND_SUMMARY } from '../../machines/account/emailVerification';
import { useFlow } from '../useFlow';
import { OperationError } from '../common/OperationError';
import { useUser } from '../PortalContext';
import { StatusMessage } from '../auth/FormField';
import '../auth/account.css';

/** /users/verify-email: the signed-in user's verification status, with a resend. */
export default function VerifyEmailPage() {
  const user = useUser();
  const resend = useFlow('verificationResend', { summary: RESEND_SUMMARY });
  const sending = useSelector(resend, (s) => s.matches('loading'));
  const error = useSelector(resend, (s) => s.context.error);
  const sent = useSelector(resend, (s) => (s.matches('success') ? String(s.context.output || 'Your email address is already verified.') : null));
  const verified = Boolean(user?.email_verified_at);

  return (
    <div className="page settings-page">
      <h1>Verify email</h1>
      <section className="settings-card">
        <p>
          {user?.email}: {verified ? 'verified' : 'not verified yet'}.
        </p>
        <StatusMessage text={sent} />
        <OperationError error={error} />
        {!verified && (
          <button type="button" className="button button-primary" disabled={sending} onClick={() => resend.send({ type: 'operation.start', input: { redirect: '/users/settings' } })}>
            {sending ? 'Sending…' : 'Resend verification email'}
          </button>
        )}
      </section>
    </div>
  );
}
