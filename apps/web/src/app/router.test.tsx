import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../test/memory-router';
import { describe, expect, it } from 'vitest';
import { TestServices } from '../test/utils';
import { screenLoadingLabel } from './route-fallback';
import { PortalRoutes } from './router';
import { PORTAL_ROUTES } from '../lib/portal-routes';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <PortalRoutes /> }], { initialEntries: [path] });
  render(
    <TestServices>
      <RouterProvider router={router} />
    </TestServices>,
  );
  return router;
}

describe('portal routes', () => {
  it.each(
    PORTAL_ROUTES.map((route, i) => [`SHELL-${String(i + 1).padStart(2, '0')}`, route.path, route.title]),
  )('%s route %s shows the %s screen in the account layout', async (_rule, path, title) => {
    renderAt(path);
    // The layout's placeholders (with the title) show first; the screen itself replaces them.
    await waitFor(() => expect(screen.queryByRole('status', { name: screenLoadingLabel(path) })).toBeNull());
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(title);
    expect(screen.getByRole('main').contains(heading)).toBe(true);
  });

  it.each(['/nope', '/billing/extra/deep', '/auth/callback'])(
    'SHELL-14 unknown path %s redirects to /',
    async (path) => {
      const router = renderAt(path);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Overview');
      expect(router.state.location.pathname).toBe('/');
    },
  );
});
