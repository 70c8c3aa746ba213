import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LoadError } from '../components/ui/load-error';
import { Loader } from '../components/ui/loader';
import { createAuthClient } from '../lib/auth';
import { publicConfigQuery } from '../lib/config';
import { ServicesProvider } from '../lib/services';
import { AuthGate } from './auth-gate';
import { PortalRouter } from './router';

/** Boot: the public config names the identity provider, so nothing else can start before it. */
export function App() {
  const config = useQuery(publicConfigQuery);
  const services = useMemo(
    () => (config.data ? { config: config.data, authClient: createAuthClient(config.data) } : null),
    [config.data],
  );

  if (config.isError) return <LoadError fullScreen onRetry={() => void config.refetch()} />;
  // The server writes the config into the page: only a page served without it waits here.
  if (!services) return <Loader fullScreen />;
  return (
    <ServicesProvider value={services}>
      <AuthGate>
        <PortalRouter />
      </AuthGate>
    </ServicesProvider>
  );
}
