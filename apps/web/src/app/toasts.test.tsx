import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { createToasts, type ToastLibraryModule } from '../lib/toast';
import { Toasts } from './providers';

const CONTAINER = 'toasts container';
const library: ToastLibraryModule = {
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
  ToastContainer: () => <p>{CONTAINER}</p>,
};

/**
 * Lets the tasks queued from here on run, ten turns of them: the query cache's notices (a task each)
 * and an idle callback asked for in the effect they lead to (lib/use-idle.ts, a task without
 * requestIdleCallback) among them.
 */
async function nextTasks() {
  for (let turn = 0; turn < 10; turn++)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

function Pending({ answer }: { answer: Promise<string> }) {
  useQuery({ queryKey: ['pending'], queryFn: () => answer });
  return null;
}

afterEach(() => vi.restoreAllMocks());

describe("the toasts' container", () => {
  it('asks for its library only once the page has loaded and no answer is awaited, then shows', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const importLibrary = vi.fn(() => Promise.resolve(library));
    let answer!: (value: string) => void;
    const pending = new Promise<string>((resolve) => (answer = resolve));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Toasts toasts={createToasts(importLibrary)} />
        <Pending answer={pending} />
      </QueryClientProvider>,
    );

    await nextTasks();
    expect(importLibrary, 'asked before the page had loaded').not.toHaveBeenCalled();

    readyState.mockReturnValue('complete');
    act(() => void window.dispatchEvent(new Event('load')));
    await nextTasks();
    expect(importLibrary, 'asked while an answer was awaited').not.toHaveBeenCalled();

    await act(async () => answer('in'));
    expect(await screen.findByText(CONTAINER)).toBeTruthy();
    expect(importLibrary).toHaveBeenCalledTimes(1);
  });
});
