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

describe('the portal starting on a page index.html painted', () => {
  it("keeps the page's outline until who is signed in is known, then draws the screen with its answer", async () => {
    let drawn!: Promise<Root>;
    await act(async () => {
      drawn = startApp();
    });
    await vi.waitFor(() => expect(asked()).toEqual(['/api/v1/auth/me', '/api/v1/account/']));
    // Both asked, neither answered: the page's own outline is still all there is.
    expect(document.getElementById('root')!.textContent).toBe(PAGE_OUTLINE);
    const statuses = statusesShown();

    answerOverview(overviewAnswer());
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The screen's answer alone draws nothing: who is signed in decides what the page is.
    expect(document.getElementById('root')!.textContent).toBe(PAGE_OUTLINE);

    answerMe(ME);
    root = await drawn;
    await shows(() => screen.getByTestId('subscription-summary'));
    expect(screen.queryByText(PAGE_OUTLINE)).toBeNull();
    // The answer was in before the screen was drawn: no loading state of the overview's own.
    expect(statuses).not.toContain('Loading overview');
    expect(asked().filter((url) => url === '/api/v1/account/')).toHaveLength(1);
  });
});
