import { safeRedirectTarget } from '../../machines/landing';
import { useUser } from '../PortalContext';
import { useFlow } from '../useFlow';
import { EmailLinkRequestForm } from './EmailLinkRequestForm';
import { useQueryParam } from './useQueryParam';

/** Ask for a new verification link by address (works signed out, e.g. after an expired link). */
export default function EmailVerificationRequestPage() {
  const user = useUser();
  const redirect = safeRedirectTarget(useQueryParam('redirect'));
  const flow = useFlow('verificationRequest');
  return (
    <EmailLinkRequestForm
      flow={flow}
      idPrefix="verify-request"
      title="Request a verification link"
      intro="Enter the address of your account and we will email you a new verification link."
      submitText="Send verification link"
      initialEmail={user?.email ?? ''}
      extraInput={redirect ? { redirect } : {}}
    />
  );
}
