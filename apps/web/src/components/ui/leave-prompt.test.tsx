import { MESSAGES } from '@enq/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { AppRouter, Link, Route, Switch } from '../../lib/router';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { describe, expect, it } from 'vitest';
import { LeavePrompt } from './leave-prompt';

function EditPage() {
  const [value, setValue] = useState('');
  return (
    <>
      <h1>Profile</h1>
      <label>
        Company
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <Link to="/lines">Lines</Link>
      <Link to="/profile?tab=2">Same page</Link>
      <Link to="/PROFILE/">Same page, spelt another way</Link>
      <LeavePrompt when={value !== ''} />
    </>
  );
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <EditPage /> },
      { path: '/lines', element: <h1>Lines</h1> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('LeavePrompt', () => {
  it('SHELL-25 asks before leaving a dirty page and stays on Stay', async () => {
    const router = renderPage();
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('link', { name: 'Lines' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'You have unsaved changes. Are you sure you want to leave?',
    });
    expect(dialog).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');

    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/profile');
    expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Acme');
  });

  it('SHELL-25 Leave continues the blocked navigation', async () => {
    const router = renderPage();
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('link', { name: 'Lines' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Lines' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lines');
  });

  it('SHELL-25 a clean page navigates without a prompt', async () => {
    const router = renderPage();
    fireEvent.click(screen.getByRole('link', { name: 'Lines' }));
    expect(await screen.findByRole('heading', { name: 'Lines' })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.unsavedChanges)).toBeNull();
    expect(router.state.location.pathname).toBe('/lines');
  });

  it('SHELL-25 guards reloads and tab closes only while dirty', () => {
    renderPage();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

function renderInBrowser() {
  window.history.replaceState(null, '', '/lines');
  window.history.pushState(null, '', '/profile');
  render(
    <AppRouter>
      <Switch>
        <Route path="/profile" component={EditPage} />
        <Route path="/lines">
          <h1>Lines</h1>
        </Route>
      </Switch>
    </AppRouter>,
  );
}

describe('LeavePrompt in the browser', () => {
  it("SHELL-25 holds the browser's Back on a dirty page: the address stays until Leave", async () => {
    renderInBrowser();
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } });
    act(() => window.history.back());

    expect(await screen.findByRole('dialog', { name: MESSAGES.unsavedChanges })).toBeTruthy();
    expect(window.location.pathname).toBe('/profile');
    expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Acme');

    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Lines' })).toBeTruthy();
    expect(window.location.pathname).toBe('/lines');
  });

  it("SHELL-25 lets Back through on a clean page, and a dirty page's own search and spellings", async () => {
    renderInBrowser();
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('link', { name: 'Same page' }));
    expect(window.location.search).toBe('?tab=2');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Same page, spelt another way' }));
    expect(window.location.pathname).toBe('/PROFILE/');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(screen.getByLabelText('Company'), { target: { value: '' } });
    act(() => window.history.go(-3));
    expect(await screen.findByRole('heading', { name: 'Lines' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
