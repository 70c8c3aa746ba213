import { html } from '../../html';
import { renderAuthPage } from '../../plugins/idp/auth-page';

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
