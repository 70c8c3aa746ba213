import { useCallback, useEffect, useRef, useState } from 'react';
import { LogIn } from 'lucide-react';
import { Button } from '../components/ui/button';
import { LoadError } from '../components/ui/load-error';
import { Logo } from '../components/ui/logo';
import { Loader } from '../components/ui/loader';
import { currentReturnPath } from '../lib/auth';
import { useServices } from '../lib/services';
import { claimSignInAttempt, resetSignInAttempts } from '../lib/sign-in-guard';

/**
 * Sends the visitor to the identity provider, keeping where they were headed (AUTH-01, AUTH-02). After
 * two redirects in a minute it stops and waits for a click, so a sign-in that keeps failing cannot loop.
 * `quiet`: that wait says nothing went wrong, only offers to sign in (a failed token exchange is only
 * logged, AUTH-14); otherwise it is the error with Retry (the provider could not be reached).
 */
export function SignInRedirect({ returnTo, quiet = false }: { returnTo?: string; quiet?: boolean }) {
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
    const retry = () => {
      resetSignInAttempts();
      start();
    };
    if (!quiet) return <LoadError fullScreen onRetry={retry} />;
    return (
      <main className="flex min-h-screen items-center justify-center px-4">
        <div className="flex w-full max-w-sm flex-col items-center gap-6 rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
          <Logo className="h-9 w-auto text-slate-900" />
          <h1 className="sr-only">enQ account portal</h1>
          <Button className="w-full" onClick={retry}>
            <LogIn aria-hidden="true" className="size-4" />
            Sign in
          </Button>
        </div>
      </main>
    );
  }
  return <Loader fullScreen />;
}
