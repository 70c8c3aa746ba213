import { ACCOUNTS_TEXT } from '@enq/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, fakeAdminApi, jsonResponse, renderAt, RESULT } from './admin-accounts-fixtures';
import { AccountsPage } from './accounts-page';

const api = fakeAdminApi();

describe('the console accounts search', () => {
  it('CONS-01 lists the newest accounts, searches what was typed, and links each result to its page', async () => {
    const asked: string[] = [];
    api.routes[`GET ${ADMIN}/accounts`] = (_init, url) => {
      const q = url.searchParams.get('q') ?? '';
      asked.push(q);
      return jsonResponse({ results: q === '' ? [{ ...RESULT, matched: 'Recently created' }] : [RESULT] });
    };
    const router = renderAt('/admin', '/admin', <AccountsPage />);
    const table = await screen.findByRole('table', { name: /Most recent accounts/ });
    expect(within(table).getByRole('cell', { name: 'Recently created' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText(ACCOUNTS_TEXT.searchLabel), { target: { value: ' 123 456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('table', { name: /Matching accounts/ });
    expect(asked).toEqual(['', '123 456']);
    expect(
      within(results)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Account', 'Status', 'Plan', 'Admin', 'Matched']);
    const row = within(results).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('PIN of Priya Raman');
    expect(row.textContent).toContain('dana.whitfield@harborpinetax.com');
    // The narrow screen's cards carry the same link.
    expect(screen.getByRole('list', { name: 'Matching accounts' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('link', { name: RESULT.name }));
    expect(router.state.location.pathname).toBe(`/admin/accounts/${RESULT.account_id}`);
  });

  it('marks an account whose plan is paused with a Paused badge, in the table and the cards (issue 64)', async () => {
    const other = { ...RESULT, account_id: 'other', name: 'Quiet Months LLC', paused: true };
    api.routes[`GET ${ADMIN}/accounts`] = () => jsonResponse({ results: [RESULT, other] });
    renderAt('/admin', '/admin', <AccountsPage />);
    const table = await screen.findByRole('table', { name: /Most recent accounts/ });
    const status = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(status).toEqual(['active', 'activePaused']);
    const cards = within(screen.getByRole('list', { name: /Most recent accounts/ })).getAllByRole('listitem');
    expect(cards.map((c) => within(c).queryByText('Paused') !== null)).toEqual([false, true]);
  });

  it('CONS-01 says so when nothing matches', async () => {
    api.routes[`GET ${ADMIN}/accounts`] = () => jsonResponse({ results: [] });
    renderAt('/admin?q=nobody', '/admin', <AccountsPage />);
    const empty = await screen.findByText(ACCOUNTS_TEXT.noMatch);
    expect(empty.closest('[role="status"]')!.textContent).toContain(ACCOUNTS_TEXT.noMatchHint);
    expect(screen.queryByRole('table')).toBeNull();
    expect((screen.getByLabelText(ACCOUNTS_TEXT.searchLabel) as HTMLInputElement).value).toBe('nobody');
  });
});
