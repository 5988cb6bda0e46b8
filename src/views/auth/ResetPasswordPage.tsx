import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useFlow } from '../useFlow';
import { OperationError } from '../common/OperationError';
import { resetPasswordApi, resetPasswordSelectors } from '../../machines/account/resetPassword.api';
import { useActorApi } from '../actors/useActorApi';
import { FormField } from './FormField';
import { NewPasswordFields } from './NewPasswordFields';
import { useQueryParam } from './useQueryParam';
import './account.css';

export default function ResetPasswordPage() {
  const token = useQueryParam('token');
  const linkEmail = useQueryParam('email');
  const flow = useFlow('resetPassword', { token, email: linkEmail });
  const reset = useActorApi(flow, resetPasswordApi);
  const incomplete = useSelector(flow, resetPasswordSelectors.linkIncomplete);
  const busy = useSelector(flow, resetPasswordSelectors.busy);
  const error = useSelector(flow, resetPasswordSelectors.error);
  const [email, setEmail] = useState(linkEmail ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const errors = error?.fieldErrors ?? {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset.submit(email, password, confirmation);
  }

  if (incomplete) {
    return (
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">Reset your password</h1>
        <p role="alert">This reset link is incomplete. Open the link from the email again, or ask for a new one.</p>
        <p className="auth-links">
          <Link href="/forgot-password">Request a new reset link</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset your password</h1>
      <OperationError error={error} />
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <FormField id="reset-email" label="Email" type="email" autoComplete="username" value={email} onValue={setEmail} errors={errors.email} />
        <NewPasswordFields idPrefix="reset" label="New password" password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} errors={errors} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Resetting…' : 'Reset password'}
        </button>
      </form>
      {errors.email && (
        <p className="auth-links">
          <Link href="/forgot-password">Request a new reset link</Link>
        </p>
      )}
    </section>
  );
}
