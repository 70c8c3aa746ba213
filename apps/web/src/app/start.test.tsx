import { API_TOKEN_STORAGE_KEY } from '@enq/contract';
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { overviewAnswer } from '../features/overview/overview-fixtures';
import { jsonResponse, writeConfigIntoPage } from '../test/utils';
import { startApp } from './start';

const PAGE_OUTLINE = 'the outline index.html paints';
const ME = { id: 'u1', email: 'dana@example.com', is_staff: false };

// Who is signed in and the overview answer when a test says so; anything else never.
let answerMe: (body: unknown) => void;
let answerOverview: (body: unknown) => void;
let root: Root | undefined;
const held = (keep: (answer: (body: unknown) => void) => void) =>
  new Promise<unknown>((resolve) => keep(resolve));

beforeEach(() => {
  window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
  window.history.replaceState(null, '', '/');
  writeConfigIntoPage();
  document.body.innerHTML = `<div id="root"><p>${PAGE_OUTLINE}</p></div>`;
  const me = held((answer) => (answerMe = answer));
  const overview = held((answer) => (answerOverview = answer));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const url = String(input);
      // A new answer for each request: the portal may ask again (a body is read once).
      if (url === '/api/v1/auth/me') return me.then((body) => jsonResponse(body));
      if (url === '/api/v1/account/') return overview.then((body) => jsonResponse(body));
      return new Promise<Response>(() => undefined);
    }),
  );
});

afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
});

// Vitest's waiting, not Testing Library's: that one polls inside act(), which stays pending while
// React holds the portal's first render, started outside it by startApp.
const shows = (find: () => HTMLElement) => vi.waitFor(find, { timeout: 5000, interval: 20 });
const asked = () => vi.mocked(fetch).mock.calls.map(([input]) => String(input));

/** The names of the loading statuses the portal put into the page, from now on. */
function statusesShown(): string[] {
  const names: string[] = [];
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const statuses = [node, ...node.querySelectorAll('*')].filter((el) => el.matches('[role="status"]'));
        names.push(...statuses.map((status) => status.getAttribute('aria-label') ?? ''));
      }
  }).observe(document.getElementById('root')!, { childList: true, subtree: true });
  return names;
}

describe('the first render', () => {
  it('waits for who is signed in and the screen\u2019s first answer, then draws the screen with its data, not the outline or its placeholders first', async () => {
    let drawn!: Promise<Root>;
    // Inside act, whatever startApp asks React to render is rendered before act returns.
    await act(async () => {
      drawn = startApp({ waitMs: 60_000 });
      await vi.waitFor(() => expect(asked()).toEqual(['/api/v1/auth/me', '/api/v1/account/']));
    });
    // Both asked, neither answered: the page's own outline is still all there is.
    expect(document.getElementById('root')!.textContent).toBe(PAGE_OUTLINE);
    const statuses = statusesShown();

    answerMe(ME);
    answerOverview(overviewAnswer());
    root = await drawn;
    await shows(() => screen.getByTestId('subscription-summary'));
    expect(screen.queryByText(PAGE_OUTLINE)).toBeNull();
    // The layout's placeholders show for one pass while the screen renders as a transition (app/router.tsx).
    expect(statuses).not.toContain('Loading');
    expect(statuses).not.toContain('Loading overview');
  });

  it('answers slower than the wait: the portal draws its outline, which says the page is loading, then the screen', async () => {
    root = await startApp({ waitMs: 0 });
    await shows(() => screen.getByRole('status', { name: 'Loading' }));
    expect(screen.queryByText(PAGE_OUTLINE)).toBeNull();

    answerMe(ME);
    answerOverview(overviewAnswer());
    await shows(() => screen.getByTestId('subscription-summary'));
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });
});
