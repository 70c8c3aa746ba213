import { act, render, screen } from '@testing-library/react';
import { ToastContainer } from './toast-library';
import { describe, expect, it, vi } from 'vitest';
import { saveFile } from './save-file';

describe('saving a downloaded file', () => {
  it('SHELL-24 saves under the given name and toasts "File downloaded successfully" for 2 seconds', async () => {
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    render(<ToastContainer />);
    act(() => saveFile({ blob: new Blob(['a,b']), filename: 'call-history.csv' }));
    expect(clicks).toEqual(['call-history.csv']);
    const message = await screen.findByText('File downloaded successfully');
    const bar = message.closest('.Toastify__toast')?.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(bar?.style.animationDuration).toBe('2000ms');
    click.mockRestore();
  });
});
