import { LINES_TEXT, MESSAGES, TEAM_INSTRUCTIONS, type LinesData } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { ToastContainer } from '../../lib/toast-library';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { PdfPage } from './pdf-page';

const BASE = '/api/v1/account/lines';
const DATA: LinesData = { pin: '482913', markets_with_groups: {} };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M1 1h7v7H1z"/></svg>';

type Handler = (url: URL) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let calls: URL[];
let saved: { name: string; blob: Blob }[];

beforeEach(() => {
  calls = [];
  saved = [];
  routes = {
    [`${BASE}/`]: () => jsonResponse(DATA),
    [`${BASE}/qr`]: () => new Response(SVG, { headers: { 'Content-Type': 'image/svg+xml' } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      calls.push(url);
      const handler = routes[url.pathname];
      if (!handler || (init.method ?? 'GET') !== 'GET') throw new Error(`unexpected call ${url.pathname}`);
      return handler(url);
    }),
  );
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/pdf', element: <PdfPage /> },
      { path: '/users', element: <h1>Users</h1> },
    ],
    { initialEntries: ['/pdf'] },
  );
  render(
    <TestServices>
      <RouterProvider router={router} />
      <ToastContainer />
    </TestServices>,
  );
  return router;
}
/** A button of the loaded page, by the spec's text for it. */
async function action(name: string) {
  await screen.findByTestId('own-pin');
  return screen.getByRole('button', { name });
}
const file = (body: string, type: string, name: string) =>
  new Response(body, {
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
  });

describe('the PDF and contact cards page', () => {
  it('shows a loader, then on failure the generic error whose Retry loads the PIN', async () => {
    let attempts = 0;
    routes[`${BASE}/`] = () =>
      ++attempts === 1 ? jsonResponse({ code: 'BAD_REQUEST', message: 'x' }, 400) : jsonResponse(DATA);
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading your PIN' })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('own-pin')).textContent).toBe('482913');
  });

  it('PDF-01 shows the person own PIN in full', async () => {
    renderPage();
    const pin = await screen.findByTestId('own-pin');
    expect(pin.textContent).toBe('482913');
    expect(within(screen.getByRole('region', { name: 'Your PIN' })).getByText('482913')).toBeTruthy();
  });

  it("PDF-02 'How to start' downloads the lines PDF under the server's name, with the 2 s toast", async () => {
    routes[`${BASE}/pdf`] = () => file('%PDF-1.3 lines', 'application/pdf', 'enq-phone-numbers.pdf');
    renderPage();
    fireEvent.click(await action('How to start'));
    expect(await screen.findByText('File downloaded successfully')).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(['enq-phone-numbers.pdf']);
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.3 lines');
    // API-29 names the person's PIN in the query: /lines/pdf?pin=…
    const asked = calls.find((c) => c.pathname === `${BASE}/pdf`)!;
    expect(asked.search).toBe('?pin=482913');
    const bar = screen
      .getByText(MESSAGES.fileDownloaded)
      .closest('.Toastify__toast')
      ?.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(bar?.style.animationDuration).toBe('2000ms');
  });

  it('PDF-02 without a content-disposition name the PDF saves as enq-phone-numbers.pdf; a failure toasts the generic error', async () => {
    let attempts = 0;
    routes[`${BASE}/pdf`] = () =>
      ++attempts === 1
        ? jsonResponse({ code: 'NOT_FOUND', message: LINES_TEXT.pinNotFound }, 404)
        : new Response('%PDF-', { headers: { 'Content-Type': 'application/pdf' } });
    renderPage();
    const button = await action('How to start');
    fireEvent.click(button);
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    expect(saved).toEqual([]);
    fireEvent.click(button);
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['enq-phone-numbers.pdf']));
  });

  // PDF-04 (the QR encodes <public url>/contact-card?id=<PIN>) is the server's drawing: lines-api.test.ts
  // compares it with the encoder's symbol for that link. The page asks for the signed-in person's own.
  it('PDF-03 the contact-card section shows the QR code the server drew', async () => {
    renderPage();
    const section = await screen.findByRole('region', { name: 'Phone contact cards' });
    const image = (await within(section).findByRole('img', { name: /QR code/ })) as HTMLImageElement;
    expect(image.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(image.src.slice(image.src.indexOf(',') + 1))).toBe(SVG);
    const asked = calls.filter((c) => c.pathname === `${BASE}/qr`);
    expect(asked.map((c) => c.search)).toEqual(['']); // no other PIN named: the server uses the person's
  });

  it('PDF-03 a QR code that fails to load says so and retries', async () => {
    let attempts = 0;
    routes[`${BASE}/qr`] = () =>
      ++attempts === 1
        ? jsonResponse({ code: 'BAD_REQUEST', message: 'x' }, 400)
        : new Response(SVG, { headers: { 'Content-Type': 'image/svg+xml' } });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Phone contact cards' });
    expect(await within(section).findByText('The QR code could not be loaded.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('img', { name: /QR code/ })).toBeTruthy();
  });

  it("PDF-05 'Download Contact Cards' downloads the vCard as enQ.vcf", async () => {
    const card = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:enQ\r\nEND:VCARD\r\n';
    routes[`${BASE}/vcf`] = () => file(card, 'text/vcard; charset=utf-8', 'enQ.vcf');
    renderPage();
    fireEvent.click(await action('Download Contact Cards'));
    expect(await screen.findByText(MESSAGES.fileDownloaded)).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(['enQ.vcf']);
    expect(await saved[0]!.blob.text()).toBe(card);
    expect(calls.find((c) => c.pathname === `${BASE}/vcf`)!.search).toBe('?pin=482913');
  });

  it('PDF-06 a team instructions block explains that each user has their own PIN, with a link to Users', async () => {
    const router = renderPage();
    const block = await screen.findByRole('region', { name: TEAM_INSTRUCTIONS.title });
    expect(block.textContent).toContain(TEAM_INSTRUCTIONS.intro);
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...TEAM_INSTRUCTIONS.steps.map((step, i) => `${i + 1}${step}`)]);
    fireEvent.click(within(block).getByRole('link', { name: 'Manage users and PINs' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users');
  });
});
