import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useFlow } from '../useFlow';
import { OperationError } from '../common/OperationError';
import { accountEditApi, accountEditSelectors } from '../../machines/account/changeEmail.api';
import { useActorApi } from '../actors/useActorApi';
import { useUser } from '../PortalContext';
import { FormField, StatusMessage } from '../auth/FormField';

/** Fortify's `PUT /user/profile-information` (name, email). */
export function ProfileInformationCard() {
  const user = useUser();
  const flow = useFlow('profileInformation', { returnTo: '/users/settings' });
  const edit = useActorApi(flow, accountEditApi);
  const busy = useSelector(flow, accountEditSelectors.busy);
  const error = useSelector(flow, accountEditSelectors.error);
  const notice = useSelector(flow, accountEditSelectors.notice);
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const errors = error?.fieldErrors ?? {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = currentPassword ? { current_password: currentPassword } : {};
    edit.submit({ name: name.trim(), email: email.trim(), ...password });
  }

  return (
    <section className="settings-card" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile information</h2>
      <StatusMessage text={notice} />
      <OperationError error={error} />
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <FormField id="profile-name" label="Name" autoComplete="name" value={name} onValue={setName} errors={errors.name} />
        <FormField id="profile-email" label="Email" type="email" autoComplete="email" value={email} onValue={setEmail} errors={errors.email} />
        <FormField
          id="profile-current-password"
          label="Current password (needed to change the email)"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onValue={setCurrentPassword}
          errors={errors.current_password}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save profile'}
        </button>
      </form>
    </section>
  );
}
