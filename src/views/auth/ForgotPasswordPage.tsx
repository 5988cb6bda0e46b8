import { FORGOT_PASSWORD_SUMMARY } from '../../machines/account/forgotPassword';
import { useFlow } from '../useFlow';
import { EmailLinkRequestForm } from './EmailLinkRequestForm';

export default function ForgotPasswordPage() {
  const flow = useFlow('forgotPassword', { summary: FORGOT_PASSWORD_SUMMARY });
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
