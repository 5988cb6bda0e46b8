import type { ResourceRecord } from '../../../api/resources';
import { useCan } from '../../PortalContext';
import { resourceApi } from '../../../machines/resource.api';
import { useActorApi } from '../../actors/useActorApi';
import { useResourceOperation, useResource } from '../../actors/useResource';
import { ActionPanel, Outcome } from './ActionPanel';

/** SPEC §7: a user's password-reset e-mail and a new verification e-mail. */
export function UserActions({ user }: { user: ResourceRecord }) {
  const users = useResource('users');
  const reset = useResourceOperation(users, 'passwordResetEmail');
  const verify = useResourceOperation(users, 'resendVerification');
  const { runAction } = useActorApi(users, resourceApi);
  const canEdit = useCan('Users', 'edit');
  if (!canEdit) return null;
  return (
    <ActionPanel title="Account e-mails">
      <div className="page-actions">
        <button type="button" className="button" disabled={reset.loading} onClick={() => runAction('passwordResetEmail', user.id)}>
          Send password reset email
        </button>
        {!user.email_verified_at && (
          <button type="button" className="button" disabled={verify.loading} onClick={() => runAction('resendVerification', user.id)}>
            Resend verification email
          </button>
        )}
      </div>
      <Outcome op={reset} success="Password reset email sent." />
      <Outcome op={verify} success="Verification email sent." />
    </ActionPanel>
  );
}
