import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { createForgotPasswordFlow, FORGOT_PASSWORD_SUMMARY } from '../../machines/account/forgotPassword';
import { EmailLinkRequestForm } from './EmailLinkRequestForm';
import { useAccountApi } from './useAccountApi';

export default function ForgotPasswordPage() {
  const api = useAccountApi();
  const machine = useMemo(() => createForgotPasswordFlow(api), [api]);
  const flow = useActorRef(machine, { input: { summary: FORGOT_PASSWORD_SUMMARY } });
  return (
    <EmailLinkRequestForm
      flow={flow}
      idPrefix="forgot"
      title="Forgot your password?"
      intro="Enter your email address and we will send you a link to choose a new password."
      submitText="Email me a reset link"
    />
  );
}
