import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { registerApi, registerSelectors } from '../../machines/account/register.api';
import { safeRedirectTarget } from '../../machines/landing';
import { useActorApi } from '../actors/useActorApi';
import { useFlow } from '../useFlow';
import { OperationError } from '../common/OperationError';
import { FormField } from './FormField';
import { NewPasswordFields } from './NewPasswordFields';
import { useQueryParam } from './useQueryParam';
import './account.css';

export default function RegisterPage() {
  const redirect = safeRedirectTarget(useQueryParam('redirect'));
  const flow = useFlow('register', { redirect });
  const register = useActorApi(flow, registerApi);
  const busy = useSelector(flow, registerSelectors.busy);
  const error = useSelector(flow, registerSelectors.error);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const errors = error?.fieldErrors ?? {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    register.submit({ name: name.trim(), email: email.trim(), password, password_confirmation: confirmation });
  }

  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">Create an account</h1>
      <OperationError error={error} />
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <FormField id="register-name" label="Name" autoComplete="name" value={name} onValue={setName} errors={errors.name} />
        <FormField id="register-email" label="Email" type="email" autoComplete="email" value={email} onValue={setEmail} errors={errors.email} />
        <NewPasswordFields idPrefix="register" label="Password" password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} errors={errors} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p className="auth-links">
        Already have an account? <Link href="/login">Sign in</Link>
      </p>
    </section>
  );
}
