import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@enq/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { AuthClient } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';
import { ServicesProvider } from '../lib/services';

export const testConfig: PublicConfig = {
  oidc: { issuer: 'https://id.example.test/oidc', client_id: 'portal', scope: 'openid email profile' },
  environments: {
    local: { api_origin: null, oidc_issuer: null },
    dev: { api_origin: null, oidc_issuer: null },
    production: { api_origin: null, oidc_issuer: null },
  },
  marketing_url: 'https://enq.example.test/',
  support_url: 'https://support.example.test/help',
  admin_panel_url: 'https://admin.example.test/panel',
};

/** The config as the server writes it into the page (test/setup.ts removes it after each test). */
export function writeConfigIntoPage(config: PublicConfig = testConfig): void {
  document.head.append(
    Object.assign(document.createElement('script'), {
      id: PUBLIC_CONFIG_ELEMENT_ID,
      type: 'application/json',
      textContent: JSON.stringify(config),
    }),
  );
}

export function fakeAuthClient() {
  return {
    signinRedirect: vi.fn<AuthClient['signinRedirect']>().mockResolvedValue(undefined),
    signinRedirectCallback: vi.fn<AuthClient['signinRedirectCallback']>(),
    signoutRedirect: vi.fn<AuthClient['signoutRedirect']>().mockResolvedValue(undefined),
  };
}

export function TestServices({
  children,
  authClient = fakeAuthClient(),
  config = testConfig,
  queryClient,
}: {
  children: ReactNode;
  authClient?: AuthClient;
  config?: PublicConfig;
  /** A client the test has filled beforehand (a boot's answers); a new empty one otherwise. */
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient ?? createQueryClient()}>
      <ServicesProvider value={{ config, authClient }}>{children}</ServicesProvider>
    </QueryClientProvider>
  );
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Gives jsdom a matchMedia whose queries match as `matches` says (none by default: a wide screen). */
export function stubMatchMedia(matches: (query: string) => boolean = () => false) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches(query),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/** Replaces window.location with a copy whose reload/assign are spies. */
export function stubLocation() {
  const reload = vi.fn();
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload, assign });
  return { reload, assign };
}
