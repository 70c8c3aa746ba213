import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from './confirm-modal';
import { InfoBanner } from './info-banner';
import { LoadError } from './load-error';
import { Loader } from './loader';

describe('shared UI pieces', () => {
  it('the loader is a status named Loading', () => {
    render(<Loader />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  // SHELL-23's toast on a failed load is the query client's (providers.test.tsx); this is the block a
  // screen shows in the data's place (BILL-13 and INV-11 name its Retry).
  it("the load error block says the spec's generic text and its Retry retries", () => {
    const onRetry = vi.fn();
    render(<LoadError onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.Retry');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('danger and warning banners are alerts, info is a status; a button action fires', () => {
    const onClick = vi.fn();
    render(
      <>
        <InfoBanner variant="danger" message="Card expired" action={{ label: 'Update card', onClick }} />
        <InfoBanner variant="warning" message="Subscription inactive" />
        <InfoBanner
          variant="info"
          message="Heads up"
          action={{ label: 'Read more', href: 'https://x.test/' }}
        />
      </>,
    );
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      'Card expiredUpdate card',
      'Subscription inactive',
    ]);
    expect(screen.getByRole('status').textContent).toContain('Heads up');
    expect(screen.getByRole('link', { name: 'Read more' }).getAttribute('href')).toBe('https://x.test/');
    fireEvent.click(screen.getByRole('button', { name: 'Update card' }));
    expect(onClick).toHaveBeenCalled();
  });

  it('the confirm modal confirms, cancels, and locks both while busy', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(
      <ConfirmModal
        open
        title="Pay invoice?"
        body="Charge the card on file."
        confirmLabel="Pay"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    // Its code (Radix's dialog) arrives on its own (confirm-modal.tsx).
    expect(await screen.findByRole('dialog', { name: 'Pay invoice?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);

    rerender(
      <ConfirmModal
        open
        busy
        title="Pay invoice?"
        confirmLabel="Pay"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
