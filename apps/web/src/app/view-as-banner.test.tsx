import { VIEW_AS_TEXT, viewAsUrl } from '@enq/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptViewAsFromUrl, viewAsSession } from '../lib/view-as-token';
import { ViewAsBanner } from './view-as-banner';

const TOKEN = 'enq_view-as-token';

afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('the view-as banner', () => {
  it('STAFF-09 the banner names the account, and End forgets the view and closes the tab', () => {
    window.history.replaceState(null, '', viewAsUrl(TOKEN, 'Harbor & Pine Tax Advisors'));
    adoptViewAsFromUrl();
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    render(<ViewAsBanner />);
    const banner = screen.getByRole('region', { name: 'View as customer' });
    expect(banner.textContent).toContain(VIEW_AS_TEXT.banner('Harbor & Pine Tax Advisors'));
    fireEvent.click(screen.getByRole('button', { name: 'End' }));
    expect(viewAsSession()).toBeNull();
    expect(close).toHaveBeenCalled();
  });

  it('STAFF-09 without a view there is no banner', () => {
    render(<ViewAsBanner />);
    expect(screen.queryByRole('region', { name: 'View as customer' })).toBeNull();
  });
});
