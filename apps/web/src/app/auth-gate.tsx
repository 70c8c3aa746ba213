import { ADMIN_PATH, AUTH_CALLBACK_PATH } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { LoadError } from '../components/ui/load-error';
import { Loader } from '../components/ui/loader';
import { meQuery } from '../lib/session';
import { getApiToken } from '../lib/token-storage';
import { AdminAuthPage } from './admin-auth-page';
import { AuthCallback } from './auth-callback';
import { SignInRedirect } from './sign-in-redirect';

// Its own chunk: the customer portal never loads the console.
const AdminApp = lazy(async () => ({ default: (await import('./admin/admin-app')).AdminApp }));

const inAdmin = () =>
  window.location.pathname === ADMIN_PATH || window.location.pathname.startsWith(`${ADMIN_PATH}/`);

export function isProviderCallback(): boolean {
  if (window.location.pathname !== AUTH_CALLBACK_PATH) return false;
  const params = new URLSearchParams(window.location.search);
  return params.has('code') || params.has('error');
}

/** Decides what a visitor sees before the portal: sign-in, the callback, the staff page, or the portal. */
export function AuthGate({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(getApiToken);
  const [inCallback, setInCallback] = useState(isProviderCallback);
  const onSignedIn = useCallback(({ token: fresh }: { token: string }) => {
    setToken(fresh);
    setInCallback(false);
  }, []);

  if (inCallback) return <AuthCallback onSignedIn={onSignedIn} />;
  if (!token) return <SignInRedirect />;
  return <SignedIn>{children}</SignedIn>;
}

function SignedIn({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery);
  // The portal's first render waits for this answer (app/start.tsx): pending here only after a sign-in.
  if (me.isPending) return <Loader fullScreen />;
  if (me.isError) return <LoadError fullScreen onRetry={() => void me.refetch()} />;
  // Staff reach the console at /admin; anywhere else they see the page that links to it (AUTH-04).
  if (me.data.is_staff)
    return inAdmin() ? (
      <Suspense fallback={<Loader fullScreen />}>
        <AdminApp />
      </Suspense>
    ) : (
      <AdminAuthPage />
    );
  return children;
}
