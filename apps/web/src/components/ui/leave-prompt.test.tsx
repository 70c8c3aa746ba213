import { MESSAGES } from '@enq/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link } from '../../lib/router';
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
