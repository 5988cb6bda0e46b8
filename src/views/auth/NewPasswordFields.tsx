import { FormField } from './FormField';

interface NewPasswordFieldsProps {
  idPrefix: string;
  /** "Password" when registering, "New password" when resetting or changing. */
  label: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: Record<string, string[] | undefined>;
}

/** A new password and its confirmation (Fortify's `password` and `password_confirmation`). */
export function NewPasswordFields({ idPrefix, label, password, confirmation, onPassword, onConfirmation, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField id={`${idPrefix}-password`} label={label} type="password" autoComplete="new-password" value={password} onValue={onPassword} errors={errors.password} />
      <FormField
        id={`${idPrefix}-password-confirmation`}
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onValue={onConfirmation}
        errors={errors.password_confirmation}
      />
    </>
  );
}
