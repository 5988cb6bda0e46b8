import { useState, type FormEvent } from 'react';
import type { PasswordChange } from '../../api/account';
import { operationApi } from '../../machines/operation.api';
import { useActorApi } from '../actors/useActorApi';
import { useOperation } from '../common/useOperation';
import { OperationError } from '../common/OperationError';
import { FormField, StatusMessage } from '../auth/FormField';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { useFlow } from '../useFlow';

/** Change password through `/api/v1/user/change-password` (v1) or Fortify's `PUT /user/password`. */
export function ChangePasswordCard({ endpoint, title }: { endpoint: 'v1' | 'fortify'; title: string }) {
  const flow = useFlow(endpoint === 'v1' ? 'changePasswordV1' : 'changePasswordFortify');
  const change = useActorApi(flow, operationApi<PasswordChange>);
  const { loading: busy, error, succeeded, output } = useOperation(flow);
  const done = succeeded ? String(output || 'Your password has been updated.') : null;
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const errors = error?.fieldErrors ?? {};
  const prefix = `password-${endpoint}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.start({ current_password: current, password, password_confirmation: confirmation });
  }

  return (
    <section className="settings-card" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>{title}</h2>
      <StatusMessage text={done} />
      <OperationError error={error} />
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <FormField id={`${prefix}-current`} label="Current password" type="password" autoComplete="current-password" value={current} onValue={setCurrent} errors={errors.current_password} />
        <NewPasswordFields idPrefix={prefix} label="New password" password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} errors={errors} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
