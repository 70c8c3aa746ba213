import { useCallback, useState } from 'react';
import { useServices } from '../lib/services';
import { logout } from '../lib/session';

export function useLogout(): { logOut: () => void; loggingOut: boolean } {
  const { authClient, config } = useServices();
  const [loggingOut, setLoggingOut] = useState(false);
  const logOut = useCallback(() => {
    setLoggingOut(true);
    void logout(authClient, config.marketing_url);
  }, [authClient, config.marketing_url]);
  return { logOut, loggingOut };
}
