import { escapeHtml } from '../idp/pages';

/** One value of a urlencoded form body: the first when a name is repeated, '' when absent. */
export function formValue(body: unknown, name: string, maxLength = 10_000): string {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.slice(0, maxLength) : '';
}

export type FieldErrors = Partial<Record<string, string>>;

interface FieldOptions {
  name: string;
  label: string;
  value: string;
  errors: FieldErrors;
  type?: string;
  required?: boolean;
  autocomplete?: string;
  maxLength?: number;
  minLength?: number;
  hint?: string;
  /** The value is never written back into the page (passwords). */
  secret?: boolean;
}

function describedBy(name: string, error: string | undefined, hint: string | undefined) {
  const ids = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return ids ? ` aria-describedby="${ids}"` : '';
}

function labelAndNotes({ name, label, required, hint, errors }: FieldOptions) {
  const error = errors[name];
  return {
    label: `<label for="${name}">${escapeHtml(label)}${required ? '' : ' <span class="optional">(optional)</span>'}</label>`,
    notes:
      (hint ? `<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>` : '') +
      (error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ''),
    attrs: `${error ? ' aria-invalid="true"' : ''}${describedBy(name, error, hint)}${required ? ' required' : ''}`,
  };
}

export function inputField(options: FieldOptions): string {
  const { name, value, type = 'text', autocomplete, maxLength, minLength, secret } = options;
  const { label, notes, attrs } = labelAndNotes(options);
  return `<div class="field">${label}<input id="${name}" name="${name}" type="${type}"${
    autocomplete ? ` autocomplete="${autocomplete}"` : ''
  }${maxLength ? ` maxlength="${maxLength}"` : ''}${minLength ? ` minlength="${minLength}"` : ''}${
    secret ? '' : ` value="${escapeHtml(value)}"`
  }${attrs}>${notes}</div>`;
}

export function textareaField(options: FieldOptions & { rows?: number }): string {
  const { name, value, maxLength, rows = 6 } = options;
  const { label, notes, attrs } = labelAndNotes(options);
  return `<div class="field">${label}<textarea id="${name}" name="${name}" rows="${rows}"${
    maxLength ? ` maxlength="${maxLength}"` : ''
  }${attrs}>${escapeHtml(value)}</textarea>${notes}</div>`;
}

export function selectField(
  options: FieldOptions & { choices: readonly { value: string; label: string }[]; placeholder: string },
): string {
  const { name, value, choices, placeholder } = options;
  const { label, notes, attrs } = labelAndNotes(options);
  const items = [{ value: '', label: placeholder }, ...choices]
    .map(
      (c) =>
        `<option value="${escapeHtml(c.value)}"${c.value === value ? ' selected' : ''}>${escapeHtml(c.label)}</option>`,
    )
    .join('');
  return `<div class="field">${label}<select id="${name}" name="${name}"${attrs}>${items}</select>${notes}</div>`;
}

/** The list of problems above a refused form, each linking to its field. */
export function errorSummary(errors: FieldErrors, order: readonly string[]): string {
  const items = order
    .filter((name) => errors[name])
    .map((name) => `<li><a href="#${name}">${escapeHtml(errors[name]!)}</a></li>`)
    .join('');
  return items
    ? `<div class="error-summary" role="alert"><p>Please correct the following:</p><ul>${items}</ul></div>`
    : '';
}
