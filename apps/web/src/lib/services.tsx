import type { PublicConfig } from '@enq/contract';
import { createContext, use, type ReactNode } from 'react';
import type { AuthClient } from './auth';

export interface Services {
  config: PublicConfig;
  authClient: AuthClient;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ value, children }: { value: Services; children: ReactNode }) {
  return <ServicesContext value={value}>{children}</ServicesContext>;
}

export function useServices(): Services {
  const services = use(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}
