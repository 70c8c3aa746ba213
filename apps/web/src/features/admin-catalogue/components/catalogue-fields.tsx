import type { InputHTMLAttributes } from 'react';
import { Field, Input } from '../../../components/ui/field';
import { newYorkInputToIso } from '../../../lib/console-time';

interface TextFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A labelled text box of a catalogue dialog; `input` passes the box's own attributes. */
export function TextField({
  label,
  required = true,
  input,
  ...box
}: TextFieldProps & {
  label: string;
  required?: boolean;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'maxLength' | 'type'>;
}) {
  return (
    <Field id={box.id} label={label} required={required} error={box.error}>
      {(control) => (
        <Input {...control} {...input} value={box.value} onChange={(e) => box.onChange(e.target.value)} />
      )}
    </Field>
  );
}

/** A line's price in credits per minute. */
export const CreditsPerMinuteField = (props: TextFieldProps) => (
  <TextField {...props} label="Credits per minute" input={{ inputMode: 'decimal' }} />
);

/** The effective date box, in New York time as the rates are (CONS-06): empty means now; it leaves as an ISO instant. */
export const EffectiveFromField = (props: Omit<TextFieldProps, 'id'>) => (
  <TextField
    {...props}
    id="catalogue-effective-from"
    label="Effective from (New York time; empty for now)"
    required={false}
    input={{ type: 'datetime-local' }}
  />
);

export const effectiveFromBody = (value: string) =>
  value ? { effective_from: newYorkInputToIso(value) } : {};
