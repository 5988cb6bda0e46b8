import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { safeRedirectTarget } from '../../machines/landing';
import { createVerificationRequestFlow, RESEND_SUMMARY } from '../../machines/account/emailVerification';
import { useUser } from '../PortalContext';
import { EmailLinkRequestForm } from './EmailLinkRequestForm';
import { useAccountApi, useQueryParam } from './useAccountApi';

/** Ask for a new verification link by address (works signed out, e.g. after an expired link). */
export default function EmailVerificationRequestPage() {
  const api = useAccountApi();
  const user = useUser();
  const redirect = safeRedirectTarget(useQueryParam('redirect'));
  const machine = useMemo(() => createVerificationRequestFlow(api), [api]);
  const flow = useActorRef(machine, { input: { summary: RESEND_SUMMARY } });
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
