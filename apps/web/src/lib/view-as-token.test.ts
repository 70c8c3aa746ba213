import { VIEW_AS_STORAGE_KEY, viewAsUrl } from '@enq/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { clearApiToken, getApiToken, setApiToken } from './token-storage';
import { adoptViewAsFromUrl, viewAsSession } from './view-as-token';

const TOKEN = 'enq_view-as-token';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('a view-as-customer tab', () => {
  it("STAFF-09 keeps the token in sessionStorage only, takes it out of the URL and leaves the staff member's session alone", () => {
    setApiToken('enq_staff-own-session');
    window.history.replaceState(null, '', viewAsUrl(TOKEN, 'Harbor & Pine Tax Advisors'));
    adoptViewAsFromUrl();
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(JSON.parse(window.sessionStorage.getItem(VIEW_AS_STORAGE_KEY)!)).toEqual({
      token: TOKEN,
      account: 'Harbor & Pine Tax Advisors',
    });
    expect(window.localStorage.getItem('apiToken')).toBe('enq_staff-own-session');
    // Requests of this tab carry the view-as token.
    expect(getApiToken()).toBe(TOKEN);
    // An ended session (401) forgets the view, never the staff member's own token.
    clearApiToken();
    expect(viewAsSession()).toBeNull();
    expect(window.localStorage.getItem('apiToken')).toBe('enq_staff-own-session');
    expect(getApiToken()).toBe('enq_staff-own-session');
  });

  it('STAFF-09 an ordinary URL changes nothing', () => {
    window.history.replaceState(null, '', '/invoices#main');
    adoptViewAsFromUrl();
    expect(window.location.hash).toBe('#main');
    expect(viewAsSession()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });
});
