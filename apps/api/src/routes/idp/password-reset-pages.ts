import { PASSWORD_MIN_LENGTH, PASSWORD_RESET_TTL_MINUTES } from '@enq/contract';
import { html } from '../../html';
import { renderAuthPage } from '../../plugins/idp/auth-page';
import { emailField, errorBox } from './pages';

export const RESET_REQUEST_PATH = '/password-reset';
export const PASSWORD_MAX_LENGTH = 1024;

const signInLink = (portalUrl: string, label = 'Back to sign in') =>
  html`<p class="muted small"><a class="link" href="${portalUrl}">${label}</a></p>`;

/** 'Forgot your password?': asks for the sign-in email. */
export function renderResetRequestPage({
  portalUrl,
  email,
  error,
}: {
  portalUrl: string;
  email?: string;
  error?: string;
}): string {
  return renderAuthPage({
    title: 'Reset your password',
    body: html`<h1>Reset your password</h1>
      <p class="muted">
        Enter the email you sign in with. We will email you a link to choose a new password.
      </p>
      ${errorBox(error)}
      <form method="post" action="${RESET_REQUEST_PATH}">
        ${emailField(email, error)}
        <button class="button" type="submit">Email me a link</button>
      </form>
      ${signInLink(portalUrl)}`,
  });
}

/** The same answer whether or not the email has a sign-in, so nobody learns which ones do. */
export function renderResetRequestSentPage({ portalUrl, email }: { portalUrl: string; email: string }) {
  return renderAuthPage({
    title: 'Check your email',
    body: html`<h1>Check your email</h1>
      <p class="notice" role="status">
        If an enQ sign-in uses ${email}, we have emailed it a link to choose a new password.
      </p>
      <p class="muted">
        The link works once and for ${PASSWORD_RESET_TTL_MINUTES} minutes. Nothing arrived? Check your spam
        folder, or ask again.
      </p>
      <p class="muted small"><a class="link" href="${RESET_REQUEST_PATH}">Send another link</a></p>
      ${signInLink(portalUrl)}`,
  });
}

/** The reset link's own page: a new password, twice. */
export function renderChoosePasswordPage({
  token,
  email,
  error,
}: {
  token: string;
  email: string;
  error?: string;
}): string {
  const described = `password-hint${error ? ' form-error' : ''}`;
  return renderAuthPage({
    title: 'Choose a new password',
    body: html`<h1>Choose a new password</h1>
      <p class="muted">For ${email}. After this, sign in with the new password everywhere.</p>
      ${errorBox(error)}
      <form method="post" action="${RESET_REQUEST_PATH}/${token}">
        <input type="email" name="username" autocomplete="username" value="${email}" readonly hidden />
        <label for="password">New password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="new-password"
          required
          autofocus
          minlength="${PASSWORD_MIN_LENGTH}"
          maxlength="${PASSWORD_MAX_LENGTH}"
          aria-describedby="${described}"
          ${error ? html` aria-invalid="true"` : ''}
        />
        <p class="hint" id="password-hint">
          At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.
        </p>
        <label for="confirm">Confirm new password</label>
        <input
          id="confirm"
          name="confirm"
          type="password"
          autocomplete="new-password"
          required
          minlength="${PASSWORD_MIN_LENGTH}"
          maxlength="${PASSWORD_MAX_LENGTH}"
        />
        <button class="button" type="submit">Change password</button>
      </form>`,
  });
}

export function renderPasswordChangedPage({ portalUrl }: { portalUrl: string }): string {
  return renderAuthPage({
    title: 'Password changed',
    body: html`<h1>Your password has been changed</h1>
      <p class="notice" role="status">
        You were signed out everywhere. Sign in again with your new password.
      </p>
      <a class="button button-link" href="${portalUrl}">Sign in</a>`,
  });
}

/** Used, expired and unknown links all look the same: each one just needs a new link. */
export function renderResetLinkExpiredPage({ portalUrl }: { portalUrl: string }): string {
  return renderAuthPage({
    title: 'Link expired',
    body: html`<h1>This link has expired or was already used</h1>
      <p class="muted">
        Password reset links work once and for ${PASSWORD_RESET_TTL_MINUTES} minutes, and only the newest one
        you were sent.
      </p>
      <a class="button button-link" href="${RESET_REQUEST_PATH}">Email me a new link</a>
      ${signInLink(portalUrl)}`,
  });
}
