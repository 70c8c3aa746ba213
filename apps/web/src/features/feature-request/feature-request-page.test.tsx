import { MESSAGES } from '@enq/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { FeatureRequestPage } from './feature-request-page';

const FORM_URL =
  'http://localhost:8080/site/feature-request?first_name=Dana&last_name=Whitfield&email=dana.whitfield%40harborpinetax.com&phone=%2B15035550142';

let answer: () => Response;
beforeEach(() => {
  answer = () => jsonResponse({ form_url: FORM_URL });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (path !== '/api/v1/account/feature-request/') throw new Error(`unexpected call ${path}`);
      return answer();
    }),
  );
});

const renderPage = () =>
  render(
    <TestServices>
      <FeatureRequestPage />
    </TestServices>,
  );

describe('the feature request page', () => {
  // FEAT-02's prefill is the server's: feature-request.test.ts builds the address from the profile.
  // Here the page embeds the address it was given, untouched.
  it('FEAT-01 embeds the outside form at the address the server gave, full width, titled for assistive tech', async () => {
    const external = `https://forms.example.test/f/abc?lang=en&${new URL(FORM_URL).search.slice(1)}`;
    answer = () => jsonResponse({ form_url: external });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Feature Request' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the feature request form' })).toBeTruthy();
    const frame = (await screen.findByTitle('Feature request form')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(external);
    expect(frame.className).toContain('w-full');
    // The frame may not take the portal elsewhere.
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    // With allow-scripts, allow-same-origin would let a same-origin form remove its own sandbox.
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
  });

  it('FEAT-01 keeps the loader over the frame until the form has loaded', async () => {
    renderPage();
    const frame = await screen.findByTitle('Feature request form');
    expect(screen.getByRole('status', { name: 'Loading the feature request form' })).toBeTruthy();
    fireEvent.load(frame);
    expect(screen.queryByRole('status', { name: 'Loading the feature request form' })).toBeNull();
  });

  it('fits the frame to the height its own page tells, and only its own page', async () => {
    renderPage();
    const frame = (await screen.findByTitle('Feature request form')) as HTMLIFrameElement;
    const tell = (height: unknown, source: MessageEventSource | null) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data: { type: 'enq:frame-height', height }, source }),
        );
      });
    // Until it tells, most of the window; another window's message changes nothing.
    expect(frame.className).toContain('min-h-[48rem]');
    await tell(900, window);
    expect(frame.style.height).toBe('');
    await tell(836.4, frame.contentWindow);
    expect(frame.style.height).toBe('837px');
    expect(frame.className).not.toContain('min-h-[48rem]');
    await tell('tall', frame.contentWindow);
    await tell(1e9, frame.contentWindow);
    expect(frame.style.height).toBe('4000px');
  });

  it('a failed load shows the generic error with Retry', async () => {
    answer = () => jsonResponse({ code: 'INTERNAL', message: 'x' }, 404);
    renderPage();
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    answer = () => jsonResponse({ form_url: FORM_URL });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTitle('Feature request form')).toBeTruthy();
  });

  it("passes the page's ?details= on to the form (the cancel flow's words)", async () => {
    window.history.replaceState(null, '', '/feature-request?details=QuickBooks%20export');
    renderPage();
    const frame = (await screen.findByTitle('Feature request form')) as HTMLIFrameElement;
    expect(new URL(frame.getAttribute('src')!).searchParams.get('details')).toBe('QuickBooks export');
    expect(new URL(frame.getAttribute('src')!).searchParams.get('email')).toBe(
      'dana.whitfield@harborpinetax.com',
    );
    window.history.replaceState(null, '', '/');
  });
});
