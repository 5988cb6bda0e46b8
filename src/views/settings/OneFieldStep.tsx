import { useState, type FormEvent, type ReactNode } from 'react';
import { FormField, type FormFieldProps } from '../auth/FormField';

/**
 * One step of the two-factor card that asks for one secret (the password Fortify wants confirmed,
 * the code from the authenticator app): its field, Confirm (busy while it is checked) and Cancel.
 * The text is cleared on submit: a secret is never left in the field.
 */
export function OneFieldStep({
  field,
  busy,
  checking,
  confirmLabel,
  onSubmit,
  onCancel,
  children,
  ...form
}: {
  field: Omit<FormFieldProps, 'value' | 'onValue'>;
  /** Any call of the card in flight: nothing more is sent. */
  busy: boolean;
  /** This step's own call in flight: its button says so. */
  checking: boolean;
  confirmLabel: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  /** What comes before the field (a heading, an explanation, an error). */
  children?: ReactNode;
  'aria-labelledby'?: string;
}) {
  const [value, setValue] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    onSubmit(value);
    setValue('');
  }
  return (
    <form onSubmit={submit} noValidate {...form}>
      {children}
      <FormField {...field} required value={value} onValue={setValue} />
      <div className="account-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {checking ? 'Confirming…' : confirmLabel}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
