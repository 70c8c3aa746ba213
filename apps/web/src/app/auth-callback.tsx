import { sanitizeReturnPath } from '@enq/contract';
import { useEffect, useState } from 'react';
import { Loader } from '../components/ui/loader';
import type { AuthClient, ReturnState } from '../lib/auth';
import { useServices } from '../lib/services';
import { exchangeIdToken, reportNewDevice } from '../lib/session';
import { resetSignInAttempts } from '../lib/sign-in-guard';
import { setApiToken } from '../lib/token-storage';
import { SignInRedirect } from './sign-in-redirect';

export interface SignInResult {
  token: string;
  returnTo: string;
}

// The provider's code is single-use: StrictMode's second effect run must share the first exchange.
const pending = new WeakMap<AuthClient, { url: string; promise: Promise<SignInResult> }>();

async function completeSignIn(authClient: AuthClient, url: string): Promise<SignInResult> {
  const user = await authClient.signinRedirectCallback(url);
  if (!user.id_token) throw new Error('The identity provider returned no ID token');
  const session = await exchangeIdToken(user.id_token);
  setApiToken(session.token);
  if (session.new_device) await reportNewDevice();
  resetSignInAttempts();
  return {
    token: session.token,
    returnTo: sanitizeReturnPath((user.state as ReturnState | undefined)?.returnTo),
  };
}

export function AuthCallback({ onSignedIn }: { onSignedIn: (result: SignInResult) => void }) {
  const { authClient } = useServices();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    const url = window.location.href;
    let run = pending.get(authClient);
    if (run?.url !== url) {
      run = { url, promise: completeSignIn(authClient, url) };
      pending.set(authClient, run);
    }
    run.promise.then(
      (result) => {
        if (!active) return;
        window.history.replaceState(null, '', result.returnTo);
        onSignedIn(result);
      },
      (error: unknown) => {
        if (!active) return;
        // AUTH-14: logged only; the visitor just goes through sign-in again.
        console.error('Sign-in could not be completed', error);
        window.history.replaceState(null, '', '/');
        setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [authClient, onSignedIn]);

  return failed ? <SignInRedirect returnTo="/" quiet /> : <Loader fullScreen />;
}
