import { useState, type ClipboardEvent, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { acceptsNumericText, refusesNumericKey, sanitizeNumericPaste } from '../../format/numericInput';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'inputMode'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** An explicit decimal field (SPEC §5 blocks the point elsewhere); `e` is refused either way. */
  decimal?: boolean;
};

/**
 * A text input that only ever holds digits (and, when `decimal`, one point): refused keys,
 * pastes and drops leave the value as it was and say why in a polite live line.
 */
export function NumericInput({ value, onValueChange, decimal, onKeyDown, onPaste, ...rest }: Props) {
  const rules = { decimal };
  const [refused, setRefused] = useState('');
  const explain = () => setRefused(decimal ? 'Only digits and one decimal point can be entered here.' : 'Only whole numbers (digits) can be entered here.');
  return (
    <>
      <input
        {...rest}
        type="text"
        inputMode={decimal ? 'decimal' : 'numeric'}
        value={value}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          onKeyDown?.(event);
          if (refusesNumericKey(event, rules)) {
            event.preventDefault();
            explain();
          }
        }}
        onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
          onPaste?.(event);
          event.preventDefault();
          const input = event.currentTarget;
          const pasted = sanitizeNumericPaste(event.clipboardData.getData('text'), rules);
          const next = pasted === null ? null : `${value.slice(0, input.selectionStart ?? value.length)}${pasted}${value.slice(input.selectionEnd ?? value.length)}`;
          if (next === null || !acceptsNumericText(next, rules)) return explain();
          setRefused('');
          onValueChange(next);
        }}
        onChange={(event) => {
          // Drops, autofill and IME text arrive here without a key or paste event.
          if (!acceptsNumericText(event.target.value, rules)) return explain();
          setRefused('');
          onValueChange(event.target.value);
        }}
      />
      <p className="field-hint" role="status">
        {refused}
      </p>
    </>
  );
}
