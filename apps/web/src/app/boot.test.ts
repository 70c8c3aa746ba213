import { API_TOKEN_STORAGE_KEY } from '@enq/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { startBoot } from './boot';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

beforeEach(() => {
  // Nothing answers: what counts is what was asked for before any answer came.
  fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
});

describe('the boot', () => {
  it('asks for the config and who is signed in together, neither waiting for the other', () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'tok');
    startBoot(createQueryClient());
    expect(requested()).toEqual(['/api/v1/config', '/api/v1/auth/me']);
  });

  it('asks only for the config when nobody is signed in', () => {
    startBoot(createQueryClient());
    expect(requested()).toEqual(['/api/v1/config']);
  });

  it('asks only for the config on the sign-in callback, before its code is exchanged', () => {
    window.localStorage.setItem(API_TOKEN_STORAGE_KEY, 'old');
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    startBoot(createQueryClient());
    expect(requested()).toEqual(['/api/v1/config']);
  });
});
