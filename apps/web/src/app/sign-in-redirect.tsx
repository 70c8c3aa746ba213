import { useCallback, useEffect, useRef, useState } from 'react';
import { LoadError } from '../components/ui/load-error';
import { Loader } from '../components/ui/loader';
import { currentReturnPath } from '../lib/auth';
import { useServices } from '../lib/services';
import { claimSignInAttempt, resetSignInAttempts } from '../lib/sign-in-guard';

/** Sends the visitor to the identity provider, keeping where they were headed (AUTH-01, AUTH-02). */
export function SignInRedirect({ returnTo }: { returnTo?: string }) {
  const { authClient } = useServices();
  const [stuck, setStuck] = useState(false);
  const started = useRef(false);

  const start = useCallback(() => {
    if (!claimSignInAttempt()) {
      setStuck(true);
      return;
    }
    setStuck(false);
    authClient
      .signinRedirect({ state: { returnTo: returnTo ?? currentReturnPath() } })
      .catch((error: unknown) => {
        console.error('Could not start sign-in', error);
        setStuck(true);
      });
  }, [authClient, returnTo]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  if (stuck) {
    return (
      <LoadError
        fullScreen
        onRetry={() => {
          resetSignInAttempts();
          start();
        }}
      />
    );
  }
  return <Loader fullScreen />;
}
