import { operationApi } from '../../machines/operation.api';
import { useActorApi } from '../actors/useActorApi';
import { useOperation } from '../common/useOperation';
import { useFlow } from '../useFlow';
import { OperationError } from '../common/OperationError';
import { useUser } from '../PortalContext';
import { StatusMessage } from '../auth/FormField';
import '../auth/account.css';

/** /users/verify-email: the signed-in user's verification status, with a resend. */
export default function VerifyEmailPage() {
  const user = useUser();
  const flow = useFlow('verificationResend');
  const resend = useActorApi(flow, operationApi<{ redirect: string }>);
  const { loading: sending, error, succeeded, output } = useOperation(flow);
  const sent = succeeded ? String(output || 'Your email address is already verified.') : null;
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
          <button type="button" className="button button-primary" disabled={sending} onClick={() => resend.start({ redirect: '/users/settings' })}>
            {sending ? 'Sending…' : 'Resend verification email'}
          </button>
        )}
      </section>
    </div>
  );
}
