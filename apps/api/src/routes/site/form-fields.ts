import { html, type SafeHtml } from '../../html';

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
  return ids ? html` aria-describedby="${ids}"` : '';
}

function labelAndNotes({ name, label, required, hint, errors }: FieldOptions) {
  const error = errors[name];
  return {
    label: html`<label for="${name}">${label}${required ? '' : html` <span class="optional">(optional)</span>`}</label>`,
    notes: html`${hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : ''}${
      error ? html`<p class="field-error" id="${name}-error">${error}</p>` : ''
    }`,
    attrs: html`${error ? html` aria-invalid="true"` : ''}${describedBy(name, error, hint)}${required ? html` required` : ''}`,
  };
}

export function inputField(options: FieldOptions): SafeHtml {
  const { name, value, type = 'text', autocomplete, maxLength, minLength, secret } = options;
  const { label, notes, attrs } = labelAndNotes(options);
  return html`<div class="field">${label}<input id="${name}" name="${name}" type="${type}"${
    autocomplete ? html` autocomplete="${autocomplete}"` : ''
  }${maxLength ? html` maxlength="${maxLength}"` : ''}${minLength ? html` minlength="${minLength}"` : ''}${
    secret ? '' : html` value="${value}"`
  }${attrs}>${notes}</div>`;
}

export function textareaField(options: FieldOptions & { rows?: number }): SafeHtml {
  const { name, value, maxLength, rows = 6 } = options;
  const { label, notes, attrs } = labelAndNotes(options);
  return html`<div class="field">${label}<textarea id="${name}" name="${name}" rows="${rows}"${
    maxLength ? html` maxlength="${maxLength}"` : ''
  }${attrs}>${value}</textarea>${notes}</div>`;
}

export function selectField(
  options: FieldOptions & { choices: readonly { value: string; label: string }[]; placeholder: string },
): SafeHtml {
  const { name, value, choices, placeholder } = options;
  const { label, notes, attrs } = labelAndNotes(options);
  const items = [{ value: '', label: placeholder }, ...choices].map(
    (c) => html`<option value="${c.value}"${c.value === value ? html` selected` : ''}>${c.label}</option>`,
  );
  return html`<div class="field">${label}<select id="${name}" name="${name}"${attrs}>${items}</select>${notes}</div>`;
}

/** The list of problems above a refused form, each linking to its field. */
export function errorSummary(errors: FieldErrors, order: readonly string[]): SafeHtml | '' {
  const items = order
    .filter((name) => errors[name])
    .map((name) => html`<li><a href="#${name}">${errors[name]}</a></li>`);
  return items.length > 0
    ? html`<div class="error-summary" role="alert"><p>Please correct the following:</p><ul>${items}</ul></div>`
    : '';
}
