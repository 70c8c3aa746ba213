import { MESSAGES } from '@enq/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LeavePrompt } from '../components/ui/leave-prompt';
import { AppRouter, Link, NavLink, Route, Switch } from './router';

function EditPage() {
  const [value, setValue] = useState('');
  return (
    <>
      <h1>Profile</h1>
      <label>
        Company
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <Link to="/profile?tab=2">Same page</Link>
      <LeavePrompt when={value !== ''} />
    </>
  );
}

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

describe('AppRouter in the browser', () => {
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

  it("SHELL-25 lets Back through on a clean page, and a dirty page's own search changes", async () => {
    renderInBrowser();
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('link', { name: 'Same page' }));
    expect(window.location.search).toBe('?tab=2');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(screen.getByLabelText('Company'), { target: { value: '' } });
    act(() => window.history.go(-2));
    expect(await screen.findByRole('heading', { name: 'Lines' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('NavLink', () => {
  const link = (to: string, end?: boolean) => (
    <NavLink to={to} end={end} className={(active) => (active ? 'on' : 'off')}>
      {(active) => `${to} ${active ? 'shown' : 'not shown'}`}
    </NavLink>
  );

  it('marks the link of the page shown, and a parent path only without end', async () => {
    window.history.replaceState(null, '', '/admin/staff');
    render(
      <AppRouter>
        {link('/admin', true)}
        {link('/admin/staff')}
        {link('/admin/st')}
        {link('/admin')}
      </AppRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.className, a.getAttribute('aria-current')])).toEqual([
      ['/admin not shown', 'off', null],
      ['/admin/staff shown', 'on', 'page'],
      ['/admin/st not shown', 'off', null],
      ['/admin shown', 'on', 'page'],
    ]);
    fireEvent.click(links[0]!);
    await waitFor(() => expect(screen.getAllByRole('link')[0]!.getAttribute('aria-current')).toBe('page'));
    expect(window.location.pathname).toBe('/admin');
  });
});
