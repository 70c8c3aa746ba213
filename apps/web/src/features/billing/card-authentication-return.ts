import { AUTHENTICATION_TEXT, REDIRECT_STATUS_PARAM, SAVE_CARD_PARAM } from '@enq/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../lib/router';
import { toast } from '../../lib/toast';

/** Where the sandbox's bank page sends the cardholder back to while `pmId` is being saved. */
export const cardReturnPath = (pmId: string) => `/billing?${SAVE_CARD_PARAM}=${encodeURIComponent(pmId)}`;

/**
 * Back on /billing from the bank's page (`save_card` and `redirect_status`): a completed step saves the
 * card (the same pm_id posted again finds its SetupIntent succeeded); a failed one is told. The
 * parameters leave the address once read, so a reload does not ask again.
 */
export function useCardAuthenticationReturn(save: (pmId: string) => Promise<unknown>) {
  const [params, setParams] = useSearchParams();
  const pmId = params.get(SAVE_CARD_PARAM);
  const status = params.get(REDIRECT_STATUS_PARAM);
  const handled = useRef(false);
  useEffect(() => {
    if (!pmId || !status || handled.current) return;
    handled.current = true;
    setParams(
      (current) => {
        current.delete(SAVE_CARD_PARAM);
        current.delete(REDIRECT_STATUS_PARAM);
        return current;
      },
      { replace: true },
    );
    if (status === 'succeeded') void save(pmId);
    else toast.error(AUTHENTICATION_TEXT.failed);
  }, [pmId, status, save, setParams]);
}
