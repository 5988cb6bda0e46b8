import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useFlow } from '../useFlow';
import { OperationError } from '../common/OperationError';
import { accountEditApi, accountEditSelectors } from '../../machines/account/changeEmail.api';
import { useActorApi } from '../actors/useActorApi';
import { useUser } from '../PortalContext';
import { FormField, StatusMessage } from '../auth/FormField';

/** POST /api/v1/user/change-email; the new address must be verified before going on. */
export function ChangeEmailCard() {
  const user = useUser();
  const flow = useFlow('changeEmail', { returnTo: '/settings' });
  const edit = useActorApi(flow, accountEditApi);
  const busy = useSelector(flow, accountEditSelectors.busy);
  const error = useSelector(flow, accountEditSelectors.error);
  const notice = useSelector(flow, accountEditSelectors.notice);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = error?.fieldErrors ?? {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    edit.submit({ email: email.trim(), password });
  }

  return (
    <section className="settings-card" aria-labelledby="settings-email-title">
      <h2 id="settings-email-title">Change email</h2>
      <p>Current address: {user?.email}. We will send a verification link to the new address.</p>
      {user?.email_verified_at === null && (
        <p>
          This address is not verified yet. <Link href="/users/verify-email">Verify email</Link>
        </p>
      )}
      <StatusMessage text={notice} />
      <OperationError error={error} />
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <FormField id="change-email-email" label="New email" type="email" autoComplete="email" value={email} onValue={setEmail} errors={errors.email} />
        <FormField id="change-email-password" label="Current password" type="password" autoComplete="current-password" value={password} onValue={setPassword} errors={errors.password} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Changing…' : 'Change email'}
        </button>
      </form>
    </section>
  );
}
