import { TWO_FACTOR_TEXT } from '@enq/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ToastContainer } from '../../lib/toast-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { TwoFactorCard } from './two-factor-card';

const BASE = '/api/v1/account/profile/two-factor';
const PASSWORD = 'enq-demo-2026';
const CODES = [
  'abcde-fghjk',
  'mnpqr-stuvw',
  'xyz23-45678',
  'abcde-23456',
  'fghjk-78923',
  'mnpqr-abcde',
  'stuvw-fghjk',
  'xyz23-mnpqr',
  '45678-stuvw',
  '23456-xyz23',
];
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/enQ:dana?issuer=enQ&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};

function setup(enabled: boolean) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  let on = enabled;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path, body });
      const status = {
        enabled: on,
        // 9 PM in New York on Nov 2: the business day, whatever zone the browser is in.
        enabled_at: on ? '2026-11-03T02:00:00Z' : null,
        recovery_codes_left: on ? 7 : 0,
      };
      if (path === `${BASE}/` && method === 'GET') return jsonResponse(status);
      const password = (body as { password?: string } | undefined)?.password;
      // A token alone is no longer enough (issue 62): every change but the first code needs the password.
      if (path !== `${BASE}/` && path !== `${BASE}/confirm` && password !== PASSWORD)
        return jsonResponse(
          {
            message: password ? TWO_FACTOR_TEXT.passwordWrong : TWO_FACTOR_TEXT.passwordRequired,
            code: 'INVALID',
            field: 'password',
          },
          400,
        );
      if (path === `${BASE}/start`) return jsonResponse(ENROLMENT);
      if (path === `${BASE}/confirm`) {
        on = true;
        return jsonResponse({ recovery_codes: CODES, message: TWO_FACTOR_TEXT.turnedOn });
      }
      if (path === `${BASE}/disable` && (body as { code: string }).code === '000000')
        return jsonResponse(
          { message: TWO_FACTOR_TEXT.wrongCodeOrRecovery, code: 'INVALID', field: 'code' },
          400,
        );
      if (path === `${BASE}/recovery-codes`)
        return jsonResponse({ recovery_codes: CODES, message: TWO_FACTOR_TEXT.codesRegenerated });
      if (path === `${BASE}/disable`) {
        on = false;
        return jsonResponse({
          ...status,
          enabled: false,
          enabled_at: null,
          message: TWO_FACTOR_TEXT.turnedOff,
        });
      }
      return jsonResponse({ message: 'nope', code: 'NOT_FOUND' }, 404);
    }),
  );
  render(
    <TestServices>
      <TwoFactorCard />
      <ToastContainer />
    </TestServices>,
  );
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('two-factor sign-in on the profile', () => {
  it('TOTP-07 Turn on asks the current password first (a wrong one is shown beside its field), then shows the QR code and key, a code typed with a space confirms it, and the recovery codes show once with Download', async () => {
    const requests = setup(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(screen.getByText(TWO_FACTOR_TEXT.passwordStep)).toBeTruthy();
    const password = screen.getByLabelText(TWO_FACTOR_TEXT.passwordLabel);
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.queryByAltText('QR code to add enQ to your authenticator app')).toBeNull();
    fireEvent.change(password, { target: { value: 'not-my-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(TWO_FACTOR_TEXT.passwordWrong)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)!.textContent).toBe(
      TWO_FACTOR_TEXT.passwordWrong,
    );
    expect(screen.queryByAltText('QR code to add enQ to your authenticator app')).toBeNull();
    fireEvent.change(password, { target: { value: PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      (await screen.findByAltText('QR code to add enQ to your authenticator app')).getAttribute('src'),
    ).toBe(ENROLMENT.qr_code);
    expect(requests.filter((r) => r.path === `${BASE}/start`).map((r) => r.body)).toEqual([
      { password: 'not-my-password' },
      { password: PASSWORD },
    ]);
    expect(screen.queryByLabelText(TWO_FACTOR_TEXT.passwordLabel)).toBeNull();
    expect(screen.getByTestId('two-factor-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    fireEvent.change(screen.getByLabelText('Code from your app'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(requests.find((r) => r.path === `${BASE}/confirm`)!.body).toEqual({ code: '123456' });
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      'enq-recovery-codes.txt',
    );
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await screen.findByText(/On since Nov 2, 2026\. 7 of 10 recovery codes left\./)).toBeTruthy();
  });

  it('TOTP-08 TOTP-10 turning it off asks the password and a code: letters are refused before anything is sent; a missing password and a wrong code show the server message beside their field; a recovery code turns it off', async () => {
    const requests = setup(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const password = screen.getByLabelText(TWO_FACTOR_TEXT.passwordLabel);
    const field = screen.getByLabelText('Current code or a recovery code, to turn it off');
    // The password comes before the code.
    expect(password.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(field, { target: { value: '12a456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(TWO_FACTOR_TEXT.codeOrRecoveryFormat)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(TWO_FACTOR_TEXT.passwordRequired)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(password, { target: { value: PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(TWO_FACTOR_TEXT.wrongCodeOrRecovery)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(field, { target: { value: 'ABCDE-FGHJK' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(TWO_FACTOR_TEXT.turnedOff)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: `${BASE}/disable`, body: { code: '000000', password: '' } },
      { method: 'POST', path: `${BASE}/disable`, body: { code: '000000', password: PASSWORD } },
      { method: 'POST', path: `${BASE}/disable`, body: { code: 'ABCDE-FGHJK', password: PASSWORD } },
    ]);
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeTruthy();
  });

  it('TOTP-07 new recovery codes ask the password and a current code, and show the new codes', async () => {
    const requests = setup(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate recovery codes' }));
    fireEvent.change(screen.getByLabelText(TWO_FACTOR_TEXT.passwordLabel), { target: { value: PASSWORD } });
    fireEvent.change(screen.getByLabelText('Current code, for new recovery codes'), {
      target: { value: '654 321' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: `${BASE}/recovery-codes`, body: { code: '654321', password: PASSWORD } },
    ]);
  });
});
