import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { createForgotPasswordFlow, FORGOT_PASSWORD_SUMMARY } from '../../machines/account/forgotPassword';
import { OperationError } from '../common/OperationError';
import { FormField, StatusMessage } from './FormField';
import { useAccountApi } from './useAccountApi';
import './account.css';

export default function ForgotPasswordPage() {
  const api = useAccountApi();
  const machine = useMemo(() => createForgotPasswordFlow(api), [api]);
  const flow = useActorRef(machine, { input: { summary: FORGOT_PASSWORD_SUMMARY } });
  const busy = useSelector(flow, (s) => s.matches('loading'));
  const error = useSelector(flow, (s) => s.context.error);
  const sent = useSelector(flow, (s) => (s.matches('success') ? String(s.context.output ?? '') : null));
  const [email, setEmail] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    flow.send({ type: 'operation.start', input: { email: email.trim() } });
  }

  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      <p>Enter your email address and we will send you a link to choose a new password.</p>
      <StatusMessage text={sent} />
      <OperationError error={error} />
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <FormField id="forgot-email" label="Email" type="email" autoComplete="email" value={email} onValue={setEmail} errors={error?.fieldErrors.email} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Email me a reset link'}
        </button>
      </form>
      <p className="auth-links">
        <Link href="/login">Back to sign in</Link>
      </p>
    </section>
  );
}
