import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/** What a field's control needs to be named by its label and described by its error. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Marks the label with '*' (the control itself is checked by the form, not by the browser). */
  required?: boolean;
  /** The message under the control; the control is marked invalid and described by it. */
  error?: string | null;
  /** Speak the error as soon as it shows (fields whose error follows a pick, not a Save). */
  announce?: boolean;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}

export const fieldErrorId = (id: string) => `${id}-error`;

/** Label, control and error text: the one field every form in the portal is built from. */
export function Field({
  id,
  label,
  required = false,
  error,
  announce = false,
  className,
  children,
}: FieldProps) {
  const control: FieldControl = error
    ? { id, 'aria-invalid': true, 'aria-describedby': fieldErrorId(id) }
    : { id };
  return (
    <div className={className}>
      {/* The '*' sits beside the label, not in it: the field's name stays its label's words. */}
      <div className="flex gap-1 text-sm font-medium text-slate-700">
        <label htmlFor={id}>{label}</label>
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        ) : null}
      </div>
      <div className="mt-1">{children(control)}</div>
      {error ? (
        <p id={fieldErrorId(id)} role={announce ? 'alert' : undefined} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The look of every text box and select; aria-invalid turns its ring red. */
const controlLook =
  'focus-ring block w-full rounded-lg border-0 bg-white text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:ring-2 aria-invalid:ring-red-500';

/** md for forms, sm for the cells of an editable table. */
export type ControlSize = 'sm' | 'md';

export const controlClass = (size: ControlSize = 'md') =>
  `${controlLook} ${size === 'sm' ? 'px-2.5 py-1.5' : 'px-3 py-2'}`;

export function Input({
  className = '',
  size = 'md',
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  size?: ControlSize;
  ref?: Ref<HTMLInputElement>;
}) {
  // Read-only text is shown on grey, as a field that cannot be typed in (select elements match
  // :read-only too, so this is the text box's alone).
  return (
    <input ref={ref} className={`${controlClass(size)} read-only:bg-slate-50 ${className}`} {...props} />
  );
}

/** An error under a control that has no visible label of its own (a table cell). */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs font-medium text-red-700">
      {message}
    </p>
  );
}
