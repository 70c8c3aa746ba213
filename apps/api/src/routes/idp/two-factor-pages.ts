import { TWO_FACTOR_RULES } from '@enq/contract';
import type { Enrolment } from '../../domain/two-factor';
import { html } from '../../html';
import { renderAuthPage } from '../../plugins/idp/auth-page';
import { errorBox } from './pages';

/** The 6-digit code field; `one-time-code` lets phones offer the code, `numeric` a digit keypad. */
const codeField = (label: string, error?: string, recovery = false) => {
  // The recovery-code hint below the field describes it too, after the error when there is one.
  const described = [error ? 'form-error' : '', recovery ? 'code-hint' : ''].filter(Boolean).join(' ');
  return html`<label for="code">${label}</label>
    <input
      id="code"
      name="code"
      type="text"
      inputmode="${recovery ? 'text' : 'numeric'}"
      autocomplete="one-time-code"
      required
      autofocus
      maxlength="32"
      spellcheck="false"
      ${described ? html` aria-describedby="${described}"` : ''}
      ${error ? html` aria-invalid="true"` : ''}
    />`;
};

/** After the password, for a person with two-factor sign-in on: their app's code or a recovery code. */
export function renderCodePage({ uid, error }: { uid: string; error?: string }): string {
  return renderAuthPage({
    title: 'Two-factor code',
    body: html`<h1>Two-factor code</h1>
      <p class="muted">Enter the ${TWO_FACTOR_RULES.digits}-digit code your authenticator app shows for enQ.</p>
      ${errorBox(error)}
      <form method="post" action="/interaction/${uid}/second-factor" autocomplete="off">
        ${codeField('Authentication code', error, true)}
        <p class="hint" id="code-hint">Lost your phone? Enter one of your recovery codes instead.</p>
        <button class="button" type="submit">Verify</button>
      </form>
      <p class="muted small"><a class="link" href="/interaction/${uid}/abort">Cancel</a></p>`,
  });
}

/** A staff member without two-factor sign-in sets it up before the sign-in completes. */
export function renderEnrolPage({
  uid,
  enrolment,
  error,
}: {
  uid: string;
  enrolment: Enrolment;
  error?: string;
}): string {
  const grouped = enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return renderAuthPage({
    title: 'Set up two-factor sign-in',
    body: html`<h1>Set up two-factor <span class="nowrap">sign-in</span></h1>
      <p class="muted">
        Staff sign in with a code from an authenticator app. Scan this QR code with your app (Google
        Authenticator, Microsoft Authenticator, 1Password…), then enter the code it shows.
      </p>
      ${errorBox(error)}
      <img class="qr" src="${enrolment.qrCode}" alt="QR code to add enQ to your authenticator app" />
      <p class="hint">Cannot scan? Enter this key in your app:</p>
      <p class="secret" id="totp-secret" data-secret="${enrolment.secret}">${grouped}</p>
      <p class="hint">
        On this phone? <a class="link" href="${enrolment.otpauthUri}">Open in your authenticator app</a>
      </p>
      <form method="post" action="/interaction/${uid}/enrol" autocomplete="off">
        ${codeField('Code from your app', error)}
        <button class="button" type="submit">Turn on and continue</button>
      </form>
      <p class="muted small"><a class="link" href="/interaction/${uid}/abort">Cancel</a></p>`,
  });
}

/** The recovery codes, shown once, before the sign-in completes. */
export function renderRecoveryCodesPage({ uid, codes }: { uid: string; codes: string[] }): string {
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`enQ recovery codes\n\n${codes.join('\n')}\n`)}`;
  return renderAuthPage({
    title: 'Your recovery codes',
    script: '/interaction-assets/recovery-codes.js',
    body: html`<h1>Save your recovery codes</h1>
      <p class="notice" role="status">Two-factor sign-in is on.</p>
      <p class="muted">
        Each code signs you in once if you lose your phone. They are shown only now: keep them
        somewhere safe.
      </p>
      <ul class="codes" aria-label="Recovery codes">
        ${codes.map((code) => html`<li>${code}</li>`)}
      </ul>
      <p class="code-actions">
        <a class="link small-link" href="${download}" download="enq-recovery-codes.txt">Download the codes</a>
        <button class="link-button small-link" type="button" id="copy-codes" data-codes="${codes.join(' ')}" hidden>
          Copy the codes
        </button>
      </p>
      <p class="hint" id="copy-status" role="status"></p>
      <form method="post" action="/interaction/${uid}/enrolled">
        <button class="button" type="submit">I have saved them, continue</button>
      </form>`,
  });
}
