import {
  MESSAGES,
  SUBSCRIPTION_TEXT,
  type AlternativeBody,
  type CancelBody,
  type PreviewResponse,
} from '@enq/contract';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';
import { useCancelSubscription } from './api/cancel-subscription';
import { useChangeSubscription } from './api/change-subscription';
import { useKeepSubscription } from './api/keep-subscription';
import { usePreviewCancel } from './api/preview-cancel';
import { usePreviewChange } from './api/preview-change';
import { usePreviewKeep } from './api/preview-keep';
import { recordAlternative } from './cancellation/api/record-alternative';
import { SUBSCRIPTION_RELOAD_DELAY_MS } from './subscription-settings';

/**
 * What the person asked for: a plan change (or a start, when inactive), a renewal, keeping the plan
 * (undoing a cancellation or a scheduled change), or a cancellation.
 */
export type SubscriptionAction =
  | { kind: 'change'; priceId: string; label: string; alternative?: AlternativeBody }
  | { kind: 'renew'; priceId: string; label: string }
  | { kind: 'keep'; label: string }
  | ({ kind: 'cancel' } & CancelBody);

const SUCCESS_TEXT = {
  change: SUBSCRIPTION_TEXT.changed,
  renew: SUBSCRIPTION_TEXT.renewed,
  keep: SUBSCRIPTION_TEXT.changed,
  cancel: SUBSCRIPTION_TEXT.cancelled,
} as const;

/** Identifies the button that started an action, so only that one shows a spinner. */
const actionKey = (action: SubscriptionAction): string =>
  action.kind === 'cancel' || action.kind === 'keep' ? action.kind : `${action.kind}:${action.priceId}`;

function errorText(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : MESSAGES.genericError;
}

/**
 * SUB-04..SUB-12: preview first, then a confirm modal; Proceed posts; success toasts and reloads the
 * page after a second; failure toasts the server's message (else the generic one). Every action is
 * locked while one is under way, and stays locked until the reload.
 */
export function useSubscriptionFlow() {
  const previewChange = usePreviewChange();
  const previewCancel = usePreviewCancel();
  const change = useChangeSubscription();
  const cancel = useCancelSubscription();
  const previewKeep = usePreviewKeep();
  const keep = useKeepSubscription();
  const [confirming, setConfirming] = useState<{ action: SubscriptionAction; messages: string[] } | null>(
    null,
  );
  const [startedKey, setStartedKey] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const reloadTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const previewing = previewChange.isPending || previewCancel.isPending || previewKeep.isPending;
  const posting = change.isPending || cancel.isPending || keep.isPending;
  const locked = previewing || posting || reloading || confirming !== null;

  async function start(action: SubscriptionAction) {
    if (locked) return;
    setStartedKey(actionKey(action));
    let preview: PreviewResponse;
    try {
      preview =
        action.kind === 'cancel'
          ? await previewCancel.mutateAsync()
          : action.kind === 'keep'
            ? await previewKeep.mutateAsync()
            : await previewChange.mutateAsync(action.priceId);
    } catch (error) {
      toast.error(errorText(error));
      setStartedKey(null);
      return;
    }
    setConfirming({ action, messages: preview.messages });
  }

  async function proceed() {
    if (!confirming || posting || reloading) return;
    const { action } = confirming;
    try {
      if (action.kind === 'cancel') await cancel.mutateAsync({ reason: action.reason, words: action.words });
      else if (action.kind === 'keep') await keep.mutateAsync();
      else await change.mutateAsync(action.priceId);
      // The cancel flow's cheaper plan, taken: the console counts it (a failed count costs the customer nothing).
      if (action.kind === 'change' && action.alternative)
        await recordAlternative(action.alternative).catch(() => undefined);
    } catch (error) {
      toast.error(errorText(error));
      setConfirming(null);
      setStartedKey(null);
      return;
    }
    toast.success(SUCCESS_TEXT[action.kind]);
    setConfirming(null);
    setReloading(true);
    reloadTimer.current = window.setTimeout(() => window.location.reload(), SUBSCRIPTION_RELOAD_DELAY_MS);
  }

  function dismiss() {
    if (posting) return;
    setConfirming(null);
    setStartedKey(null);
  }

  return {
    start,
    proceed,
    dismiss,
    confirming,
    posting,
    locked,
    /** The button whose action is being previewed, posted or reloaded after. */
    busyKey: previewing || posting || reloading ? startedKey : null,
  };
}
