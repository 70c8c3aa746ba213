import { MESSAGES } from '@enq/contract';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';

/** The provider's inline card error clears after this long (BILL-38). */
export const CARD_ERROR_CLEAR_MS = 4000;

/** A card provider message shown inline that clears itself after 4 seconds (BILL-38). */
export function useCardError() {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), CARD_ERROR_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [error]);
  return [error, setError] as const;
}

/**
 * Where a failed card save is told: the provider's refusal (a decline, an unknown test number) inline;
 * another server message as a toast (BILL-40), even one about the pm_id such as "That card belongs to
 * another account."; nothing usable, the generic text inline (BILL-39).
 */
export function reportCardError(error: unknown, showInline: (message: string) => void): void {
  if (
    error instanceof ApiError &&
    (error.code === 'CARD_DECLINED' || error.field === 'number' || error.field === 'exp_month')
  ) {
    showInline(error.message);
  } else if (error instanceof ApiError && error.status > 0 && error.message !== MESSAGES.genericError) {
    toast.error(error.message);
  } else {
    showInline(MESSAGES.genericError);
  }
}
