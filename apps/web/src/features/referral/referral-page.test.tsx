import { MESSAGES, REFERRAL_TERMS, type ReferralData } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { ReferralPage } from './referral-page';

const DATA: ReferralData = {
  referralCode: 'HARBOR-7K2Q',
  referralLink: 'http://localhost:8080/site/signup?ref=HARBOR-7K2Q',
  emailContent: {
    subject: 'Harbor & Pine Tax Advisors invites you to try enQ',
    body: 'Hello,\n\nSign up with my referral link: http://localhost:8080/site/signup?ref=HARBOR-7K2Q',
  },
  referrals: [
    {
      company: 'Willamette Valley Tax Group',
      signed_up_at: '2026-03-10T15:00:00.000Z',
      status: 'pending',
      bonus_granted_at: null,
    },
    {
      company: 'Cascade Ledger CPAs',
      signed_up_at: '2026-01-20T15:00:00.000Z',
      status: 'granted',
      bonus_granted_at: '2026-01-27T15:00:00.000Z',
    },
  ],
};

let answer: () => Response;
let calls = 0;
let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

beforeEach(() => {
  calls = 0;
  answer = () => jsonResponse(DATA);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (path !== '/api/v1/account/referral/') throw new Error(`unexpected call ${path}`);
      calls++;
      return answer();
    }),
  );
  writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

function renderPage() {
  render(
    <TestServices>
      <ReferralPage />
    </TestServices>,
  );
  return screen.findByRole('textbox', { name: 'Referral code' });
}

describe('the referral page', () => {
  it('REF-01 REF-02 shows the code and the link, each read-only with its copy button', async () => {
    const code = (await renderPage()) as HTMLInputElement;
    expect(screen.getByRole('heading', { level: 1, name: 'Referral' })).toBeTruthy();
    expect(code.value).toBe('HARBOR-7K2Q');
    expect(code.readOnly).toBe(true);
    const link = screen.getByRole('textbox', { name: 'Referral link' }) as HTMLInputElement;
    expect(link.value).toBe(DATA.referralLink);
    expect(link.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy referral code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy referral link' })).toBeTruthy();
  });

  it("REF-03 copying the code puts it on the clipboard and shows 'Referral code copied.'", async () => {
    const success = vi.spyOn(toast, 'success');
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Copy referral code' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Referral code copied.'));
    expect(writeText).toHaveBeenCalledWith('HARBOR-7K2Q');
    expect(screen.getByRole('button', { name: 'Copy referral code' }).textContent).toBe('Copied');
  });

  it("REF-04 copying the link puts it on the clipboard and shows 'Referral link copied.'", async () => {
    const success = vi.spyOn(toast, 'success');
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Copy referral link' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Referral link copied.'));
    expect(writeText).toHaveBeenCalledWith(DATA.referralLink);
    expect(success).not.toHaveBeenCalledWith('Referral code copied.');
  });

  it('a clipboard the browser refuses says so and selects the text instead', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    const code = (await renderPage()) as HTMLInputElement;
    code.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Copy referral code' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MESSAGES.genericError));
    expect(success).not.toHaveBeenCalled();
    expect([code.selectionStart, code.selectionEnd]).toEqual([0, code.value.length]);
  });

  it("REF-05 'Share via Email' is a mailto: link with emailContent's subject and body encoded", async () => {
    await renderPage();
    const share = screen.getByRole('link', { name: 'Share via Email' });
    const href = share.getAttribute('href')!;
    expect(
      href.startsWith(
        'mailto:?subject=Harbor%20%26%20Pine%20Tax%20Advisors%20invites%20you%20to%20try%20enQ&body=',
      ),
    ).toBe(true);
    const params = new URLSearchParams(href.slice('mailto:'.length));
    expect(params.get('subject')).toBe(DATA.emailContent.subject);
    expect(params.get('body')).toBe(DATA.emailContent.body.replace(/\n/g, '\r\n'));
  });

  it('REF-06 lists the terms', async () => {
    await renderPage();
    const terms = screen.getByRole('region', { name: 'Terms' });
    const items = within(terms)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([...REFERRAL_TERMS]);
    expect(items.join(' ')).toContain('paying subscriber in good standing');
  });

  it('shows the referred practices with their bonus status', async () => {
    await renderPage();
    const list = screen.getByRole('list', { name: 'Referred customers' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Willamette Valley Tax Group');
    expect(rows[0]!.textContent).toContain('Bonus pending');
    expect(rows[1]!.textContent).toContain('Cascade Ledger CPAs');
    expect(rows[1]!.textContent).toContain('Bonus granted');
    expect(rows[1]!.textContent).toContain('Signed up Jan 20, 2026 · bonus granted Jan 27, 2026');
  });

  it('shows a loader, then on failure the generic error whose Retry loads again', async () => {
    answer = () => jsonResponse({ code: 'BAD_REQUEST', message: 'nope' }, 400);
    render(
      <TestServices>
        <ReferralPage />
      </TestServices>,
    );
    expect(screen.getByRole('status', { name: 'Loading referral' })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    answer = () => jsonResponse(DATA);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'Referral code' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});
