import { useFlow } from '../useFlow';
import { EmailLinkRequestForm } from './EmailLinkRequestForm';

export default function ForgotPasswordPage() {
  const flow = useFlow('forgotPassword');
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
