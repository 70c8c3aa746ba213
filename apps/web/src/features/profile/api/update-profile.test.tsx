import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { USERS_QUERY_KEY } from '../../../lib/query-keys';
import { jsonResponse } from '../../../test/utils';
import { useUpdateProfile } from './update-profile';

afterEach(() => vi.unstubAllGlobals());

describe('profile save', () => {
  it('marks the cached users list stale: the account holder row carries the new name and email', async () => {
    const saved = {
      first_name: 'Dana',
      last_name: 'Whit',
      email: 'dana.new@firm.com',
      phone_number: '+12025550100',
      company_name: 'Harbor',
      job_title: 'Owner',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(saved)),
    );
    const client = createQueryClient();
    client.setQueryData(USERS_QUERY_KEY, { users: [] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUpdateProfile(), { wrapper });
    await act(() => result.current.mutateAsync(saved as never));
    expect(client.getQueryState(USERS_QUERY_KEY)?.isInvalidated).toBe(true);
  });
});
