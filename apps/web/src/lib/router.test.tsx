import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRouter, NavLink } from './router';

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

  it('marks it however the address spells the path: any case, a trailing slash', () => {
    window.history.replaceState(null, '', '/ADMIN/Staff/');
    render(
      <AppRouter>
        {link('/admin/staff', true)}
        {link('/admin')}
        {link('/admin', true)}
      </AppRouter>,
    );
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('aria-current'))).toEqual([
      'page',
      'page',
      null,
    ]);
  });
});
