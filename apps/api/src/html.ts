/*
 * The one way the server writes HTML (the provider's pages, the local site, emails' HTML parts): the `html`
 * tag escapes every interpolated value unless it is itself markup made by `html` (or, for a constant
 * the code owns, `trustedHtml`). Forgetting to escape is then impossible; forgetting to mark is a
 * visible double escape, never an injection.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Markup that is already safe to send: made by `html`, or a constant marked with `trustedHtml`. */
export class SafeHtml {
  constructor(private readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

/** What may be interpolated: text (escaped), markup, lists of either; null, undefined and false add nothing. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** Marks markup written in the code itself (never anything a visitor sent) as safe. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
