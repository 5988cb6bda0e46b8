import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { safeRedirectTarget } from '../../machines/landing';
import { createVerificationRequestFlow, RESEND_SUMMARY } from '../../machines/account/emailVerification';
import { OperationError } from '../common/OperationError';
import { useUser } from '../PortalContext';
import { FormField, StatusMessage } from './FormField';
import { useAccountApi, useQueryParam } from './useAccountApi';
import './account.css';

/** Ask for a new verification link by address (works signed out, e.g. after an expired link). */
export default function EmailVerificationRequestPage() {
  const api = useAccountApi();
  const user = useUser();
  const redirect = safeRedirectTarget(useQueryParam('redirect'));
  const machine = useMemo(() => createVerificationRequestFlow(api), [api]);
  const flow = useActorRef(machine, { input: { summary: RESEND_SUMMARY } });
  const busy = useSelector(flow, (s) => s.matches('loading'));
  const error = useSelector(flow, (s) => s.context.error);
  const sent = useSelector(flow, (s) => (s.matches('success') ? String(s.context.output ?? '') : null));
  const [email, setEmail] = useState(user?.email ?? '');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    flow.send({ type: 'operation.start', input: redirect ? { email: email.trim(), redirect } : { email: email.trim() } });
  }

  return (
    <section className="auth-card" aria-labelledby="verify-request-title">
      <h1 id="verify-request-title">Request a verification link</h1>
      <p>Enter the address of your account and we will email you a new verification link.</p>
      <StatusMessage text={sent} />
      <OperationError error={error} />
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <FormField id="verify-request-email" label="Email" type="email" autoComplete="email" value={email} onValue={setEmail} errors={error?.fieldErrors.email} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send verification link'}
        </button>
      </form>
      <p className="auth-links">
        <Link href="/login">Back to sign in</Link>
      </p>
    </section>
  );
}
