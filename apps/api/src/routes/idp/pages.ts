import { html, type SafeHtml } from '../../html';

/** The identity provider's own pages (login, logout, errors): plain HTML under the strict CSP. */
export function renderAuthPage({
  title,
  body,
  script,
}: {
  title: string;
  body: SafeHtml;
  script?: string;
}): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · enQ</title>
        <link rel="stylesheet" href="/interaction-assets/auth.css" />
        ${script ? html`<script src="${script}" defer></script>` : ''}
      </head>
      <body>
        <main class="card">
          <svg class="brand" viewBox="0 0 88 32" role="img" aria-label="enQ">
            <rect x="0" y="2" width="28" height="28" rx="7" fill="#2563eb" />
            <circle cx="14" cy="16" r="6.5" fill="none" stroke="#fff" stroke-width="3" />
            <path d="M17.5 19.5l4 4" stroke="#2dd4bf" stroke-width="3" stroke-linecap="round" />
            <text
              x="36"
              y="23"
              fill="#0f1b3d"
              font-family="ui-sans-serif, system-ui, sans-serif"
              font-size="19"
              font-weight="700"
              letter-spacing="-0.5"
            >
              enQ
            </text>
          </svg>
          ${body}
        </main>
      </body>
    </html>`.toString();
}

/** A form's error, read out as it appears; the field it concerns points at it (emailField). */
export const errorBox = (error?: string) =>
  error ? html`<p class="error" role="alert" id="form-error">${error}</p>` : '';

/** The provider forms' sign-in email input: with an error, marked invalid and described by it. */
export const emailField = (email: string | undefined, error: string | undefined) =>
  html`<label for="email">Email</label>
    <input
      id="email"
      name="email"
      type="email"
      autocomplete="username"
      required
      autofocus
      maxlength="320"
      value="${email ?? ''}"
      ${error ? html` aria-describedby="form-error" aria-invalid="true"` : ''}
    />`;

export function renderLoginPage({
  uid,
  email,
  error,
}: {
  uid: string;
  email?: string;
  error?: string;
}): string {
  return renderAuthPage({
    title: 'Sign in',
    body: html`<h1>Sign in to your account</h1>
      <p class="muted">Manage your lines, users, billing and call history.</p>
      ${errorBox(error)}
      <form method="post" action="/interaction/${uid}/login" autocomplete="on">
        ${emailField(email, error)}
        <div class="label-row">
          <label for="password">Password</label>
          <a class="link small-link" href="/password-reset">Forgot your password?</a>
        </div>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button class="button" type="submit">Sign in</button>
      </form>
      <p class="muted small"><a class="link" href="/interaction/${uid}/abort">Cancel</a></p>`,
  });
}
