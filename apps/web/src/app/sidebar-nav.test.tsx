import { API_TOKEN_STORAGE_KEY } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppRouter } from '../lib/router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../test/utils';
import { loadedScreen } from './screen-code';
import { SidebarNav } from './sidebar-nav';

describe('a sidebar link about to be followed', () => {
  it("fetches its screen's code and first answer when pointed at, and a fresh answer only once", async () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ invoices: [] })));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <TestServices>
        <AppRouter>
          <SidebarNav label="Account" />
        </AppRouter>
      </TestServices>,
    );
    const link = within(screen.getByRole('navigation', { name: 'Account' })).getByRole('link', {
      name: 'Invoices',
    });
    const asked = () => fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked()).toEqual([]);
    fireEvent.pointerEnter(link);
    await waitFor(() => expect(asked()).toEqual(['/api/v1/account/invoices/']));
    await waitFor(() => expect(loadedScreen('/invoices')).toBeDefined());
    // Focused next (a keyboard user), the answer is fresh: nothing is asked again.
    fireEvent.focus(link);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked()).toEqual(['/api/v1/account/invoices/']);
  });
});
