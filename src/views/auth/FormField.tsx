import type { InputHTMLAttributes } from 'react';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The server's 422 messages for this field (Laravel `errors[field]`). */
  errors?: string[] | undefined;
}

/** A labelled input with its server messages announced beside it. */
export function FormField({ id, label, value, onValue, errors, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...input}
      />
      {invalid && (
        <ul className="field-error" id={errorId}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function StatusMessage({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className="alert alert-info" role="status">
      {text}
    </p>
  );
}
