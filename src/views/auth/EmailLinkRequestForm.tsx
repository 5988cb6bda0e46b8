import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { OperationActor } from '../../machines/operation';
import { operationApi } from '../../machines/operation.api';
import { useActorApi } from '../actors/useActorApi';
import { useOperation } from '../common/useOperation';
import { OperationError } from '../common/OperationError';
import { FormField, StatusMessage } from './FormField';
import './account.css';

/**
 * "Email me a link" pages (forgot password, new verification link): one address, one operation
 * whose answer is the server's status text. Extra input (e.g. the redirect) joins the address.
 */
export function EmailLinkRequestForm({
  flow,
  idPrefix,
  title,
  intro,
  submitText,
  initialEmail = '',
  extraInput = {},
}: {
  flow: OperationActor;
  idPrefix: string;
  title: string;
  intro: string;
  submitText: string;
  initialEmail?: string;
  extraInput?: Record<string, string>;
}) {
  const request = useActorApi(flow, operationApi<Record<string, string>>);
  const { loading: busy, error, succeeded, output } = useOperation(flow);
  const sent = succeeded ? String(output ?? '') : null;
  const [email, setEmail] = useState(initialEmail);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.start({ ...extraInput, email: email.trim() });
  }

  return (
    <section className="auth-card" aria-labelledby={`${idPrefix}-title`}>
      <h1 id={`${idPrefix}-title`}>{title}</h1>
      <p>{intro}</p>
      <StatusMessage text={sent} />
      <OperationError error={error} />
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <FormField id={`${idPrefix}-email`} label="Email" type="email" autoComplete="email" value={email} onValue={setEmail} errors={error?.fieldErrors.email} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Sending…' : submitText}
        </button>
      </form>
      <p className="auth-links">
        <Link href="/login">Back to sign in</Link>
      </p>
    </section>
  );
}
