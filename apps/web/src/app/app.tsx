import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LoadError } from '../components/ui/load-error';
import { Loader } from '../components/ui/loader';
import { createAuthClient } from '../lib/auth';
import { publicConfigQuery } from '../lib/config';
import { ServicesProvider } from '../lib/services';
import { getApiToken } from '../lib/token-storage';
import { AuthGate, isProviderCallback } from './auth-gate';
import { PortalRouter } from './router';
import { ShellSkeleton } from './shell-skeleton';

/** Boot: the public config names the identity provider, so nothing else can start before it. */
export function App() {
  const config = useQuery(publicConfigQuery);
  const services = useMemo(
    () => (config.data ? { config: config.data, authClient: createAuthClient(config.data) } : null),
    [config.data],
  );

  if (config.isError) return <LoadError fullScreen onRetry={() => void config.refetch()} />;
  // With a token stored the portal is what comes: its outline shows at once, not a bare spinner.
  if (!services) return getApiToken() && !isProviderCallback() ? <ShellSkeleton /> : <Loader fullScreen />;
  return (
    <ServicesProvider value={services}>
      <AuthGate>
        <PortalRouter />
      </AuthGate>
    </ServicesProvider>
  );
}
