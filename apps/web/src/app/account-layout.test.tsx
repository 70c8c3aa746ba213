import { API_TOKEN_STORAGE_KEY, LEGAL_MENU, MARKETING_MENUS, marketingLink } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../test/memory-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BELOW_LG_QUERY } from '../lib/use-media-query';
import {
  fakeAuthClient,
  jsonResponse,
  stubLocation,
  stubMatchMedia,
  testConfig,
  TestServices,
} from '../test/utils';
import { PortalRoutes } from './router';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

// The shell is under test, not the screens: their data loads never answer (they show their loaders),
// and only sign-out is answered.
const answerLogout = (response: () => Response) => (input: string | URL | Request) =>
  String(input instanceof Request ? input.url : input).includes('/logout')
    ? Promise.resolve(response())
    : new Promise<Response>(() => {});

beforeEach(() => {
  fetchMock = vi
    .fn<typeof fetch>()
    .mockImplementation(answerLogout(() => jsonResponse({ message: 'Logged out' })));
  vi.stubGlobal('fetch', fetchMock);
});

async function renderShell(path = '/billing', authClient = fakeAuthClient()) {
  const router = createMemoryRouter([{ path: '*', element: <PortalRoutes /> }], { initialEntries: [path] });
  render(
    <TestServices authClient={authClient}>
      <RouterProvider router={router} />
    </TestServices>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { router, authClient };
}

const sidebar = () => screen.getByRole('navigation', { name: 'Account' });

describe('account layout', () => {
  it('below 1024 px draws neither the sidebar nor the header menus, which the stylesheet hides there', async () => {
    stubMatchMedia((query) => query === BELOW_LG_QUERY);
    await renderShell('/billing');
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Site' })).toBeNull();
    // The menu button offers them instead.
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it('SHELL-13 renders the screen inside the shell landmarks', async () => {
    await renderShell('/billing');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 }).textContent).toBe('Billing');
  });

  it('SHELL-15 lists the twelve screens in order and marks the current one', async () => {
    await renderShell('/feature-request');
    const links = within(sidebar()).getAllByRole('link');
    // The spec's sidebar, in its order, each entry at the spec's route.
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/'],
      ['Lines', '/lines'],
      ['PDF', '/pdf'],
      ['Profile', '/profile'],
      ['Billing', '/billing'],
      ['Users', '/users'],
      ['Call Rates', '/call-rates'],
      ['Call History', '/call-history'],
      ['Subscription', '/subscription'],
      ['Invoices', '/invoices'],
      ['Referral', '/referral'],
      ['Feature Request', '/feature-request'],
    ]);
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Feature Request']);
  });

  it('SHELL-15 a sidebar link navigates to its screen', async () => {
    const { router } = await renderShell('/');
    fireEvent.click(within(sidebar()).getByRole('link', { name: 'Invoices' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/invoices');
  });

  it('SHELL-16 the header logo links to the marketing site', async () => {
    await renderShell();
    const logo = within(screen.getByRole('banner')).getByRole('link', { name: 'enQ home' });
    expect(logo.getAttribute('href')).toBe(testConfig.marketing_url);
  });

  it('SHELL-17 header menus Product, Company and Resources link into the marketing site', async () => {
    await renderShell();
    const site = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Site' });
    for (const menu of MARKETING_MENUS) {
      const trigger = within(site).getByRole('button', { name: menu.label });
      expect(trigger.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(trigger);
      expect(trigger.getAttribute('aria-expanded')).toBe('true');
      const list = document.getElementById(trigger.getAttribute('aria-controls')!)!;
      const links = within(list).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
        menu.items.map((item) => [item.label, marketingLink(testConfig.marketing_url, item.anchor)]),
      );
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(trigger.getAttribute('aria-expanded')).toBe('false');
      expect(list.hidden).toBe(true);
      expect(document.activeElement).toBe(trigger);
    }
  });

  it('SHELL-18 Legal appears only in the mobile menu', async () => {
    await renderShell();
    expect(screen.queryByText(LEGAL_MENU.label)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Terms' })).toBeNull();

    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(burger);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('true');

    expect(within(dialog).getByRole('heading', { name: LEGAL_MENU.label })).toBeTruthy();
    for (const item of LEGAL_MENU.items) {
      const link = within(dialog).getByRole('link', { name: item.label });
      expect(link.getAttribute('href')).toBe(marketingLink(testConfig.marketing_url, item.anchor));
    }
    // The drawer also carries the screens, the header menus, Support and Log Out.
    const drawerNav = within(dialog).getByRole('navigation', { name: 'Account' });
    expect(within(drawerNav).getAllByRole('link')).toHaveLength(12); // the twelve screens
    for (const menu of MARKETING_MENUS)
      expect(within(dialog).getByRole('heading', { name: menu.label })).toBeTruthy();
    // 'Support' is also a Resources item (a marketing anchor); the external support link is separate.
    const supportHrefs = within(dialog)
      .getAllByRole('link', { name: 'Support' })
      .map((link) => link.getAttribute('href'));
    expect(supportHrefs).toContain(testConfig.support_url);
    expect(within(dialog).getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });

  it('SHELL-18 choosing a screen in the mobile menu closes it', async () => {
    await renderShell('/');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('SHELL-19 the Support link leads to the external support area', async () => {
    await renderShell();
    const support = within(screen.getByRole('banner')).getByRole('link', { name: 'Support' });
    expect(support.getAttribute('href')).toBe(testConfig.support_url);
  });

  it('SHELL-20 Log Out revokes and clears the token and signs out to the marketing site', async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    const { authClient } = await renderShell();
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(authClient.signoutRedirect).toHaveBeenCalledTimes(1));
    expect(authClient.signoutRedirect).toHaveBeenCalledWith({
      post_logout_redirect_uri: testConfig.marketing_url,
    });
    expect(window.localStorage.getItem(API_TOKEN_STORAGE_KEY)).toBeNull();
    // The screen behind the shell may load its own data first: find the logout call itself.
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/v1/auth/logout') ?? [];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('SHELL-20 Log Out still leaves when the API and the provider both fail', async () => {
    const { assign, reload } = stubLocation();
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    fetchMock.mockImplementation(
      answerLogout(() => jsonResponse({ message: 'expired', code: 'UNAUTHORIZED' }, 401)),
    );
    const authClient = fakeAuthClient();
    authClient.signoutRedirect.mockRejectedValue(new Error('no end_session_endpoint'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderShell('/', authClient);
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(testConfig.marketing_url));
    expect(window.localStorage.getItem(API_TOKEN_STORAGE_KEY)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
