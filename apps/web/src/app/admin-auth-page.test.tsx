import { API_TOKEN_STORAGE_KEY, MESSAGES } from '@enq/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthClient, jsonResponse, testConfig, TestServices } from '../test/utils';
import { AdminAuthPage } from './admin-auth-page';

describe('AdminAuthPage', () => {
  it('AUTH-05 says the visitor authenticated as an admin user', () => {
    render(
      <TestServices>
        <AdminAuthPage />
      </TestServices>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MESSAGES.adminAuthTitle);
    expect(screen.getByText(MESSAGES.adminAuthText)).toBeTruthy();
  });

  it('AUTH-06 links to the admin panel and logs out', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ message: 'ok' })));
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'staff-token');
    const authClient = fakeAuthClient();
    render(
      <TestServices authClient={authClient}>
        <AdminAuthPage />
      </TestServices>,
    );
    expect(screen.getByRole('link', { name: 'Go to the admin panel' }).getAttribute('href')).toBe(
      testConfig.admin_panel_url,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() =>
      expect(authClient.signoutRedirect).toHaveBeenCalledWith({
        post_logout_redirect_uri: testConfig.marketing_url,
      }),
    );
    expect(window.localStorage.getItem(API_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
