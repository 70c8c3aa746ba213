import type { UsersData } from '@enq/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse } from '../../../test/utils';
import { usersData } from '../users-fixtures.test-helper';
import { useChangeAdminPin } from './change-admin-pin';
import { useChangePins } from './change-pins';
import { usersKey } from './get-users';

afterEach(() => vi.unstubAllGlobals());

function withCache(data: UsersData) {
  const client = createQueryClient();
  client.setQueryData(usersKey, data);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('users cache after a PIN change', () => {
  it('a changed user PIN is the cached PIN, so coming back shows it and saves against it', async () => {
    const data = usersData(3);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ users: [{ ...data.users[1]!, pin_number: '777777' }] })),
    );
    const { client, wrapper } = withCache(data);
    const { result } = renderHook(() => useChangePins(), { wrapper });
    await act(() => result.current.mutateAsync([data.users[1]!.pin_number]));
    await waitFor(() =>
      expect(client.getQueryData<UsersData>(usersKey)!.users.map((u) => u.pin_number)).toEqual([
        '200000',
        '777777',
        '200002',
      ]),
    );
  });

  it("the account holder's new PIN is the cached PIN", async () => {
    const data = usersData(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ admin_user: { ...data.admin_user, pin_number: '555555' } })),
    );
    const { client, wrapper } = withCache(data);
    const { result } = renderHook(() => useChangeAdminPin(), { wrapper });
    await act(() => result.current.mutateAsync(data.admin_user.pin_number));
    expect(client.getQueryData<UsersData>(usersKey)!.admin_user.pin_number).toBe('555555');
  });
});
