import { useCallback, useState } from 'react';
import { useServices } from './services';
import { logout } from './session';

/** Log Out, shared by the shell's menus, the admin-authentication page and Profile (after a password reset). */
export function useLogout(): { logOut: () => void; loggingOut: boolean } {
  const { authClient, config } = useServices();
  const [loggingOut, setLoggingOut] = useState(false);
  const logOut = useCallback(() => {
    setLoggingOut(true);
    void logout(authClient, config.marketing_url);
  }, [authClient, config.marketing_url]);
  return { logOut, loggingOut };
}
