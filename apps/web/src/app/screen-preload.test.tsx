import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../test/memory-router';
import { describe, expect, it } from 'vitest';
import { TestServices } from '../test/utils';
import { screenLoadingLabel } from './route-fallback';
import { PortalRoutes } from './router';
import { loadScreen } from './screen-code';

// A file of its own: a screen the router has shown once renders at once anyway, so this needs a
// router module no other test has been through.
describe('a screen whose code the boot has preloaded', () => {
  it('shows in its first render, with no placeholder', async () => {
    await loadScreen('/referral');
    render(
      <TestServices>
        <RouterProvider
          router={createMemoryRouter([{ path: '*', element: <PortalRoutes /> }], {
            initialEntries: ['/referral'],
          })}
        />
      </TestServices>,
    );
    // Synchronously after the first render: React's lazy would suspend here, and React holds a
    // suspended screen back for a few hundred milliseconds once its placeholder has shown.
    expect(screen.queryByRole('status', { name: screenLoadingLabel('/referral') })).toBeNull();
  });
});
