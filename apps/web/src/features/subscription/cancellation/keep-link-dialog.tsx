import { CANCELLATION_TEXT, KEEP_LINK_PARAM, MESSAGES } from '@enq/contract';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ApiError } from '../../../lib/api-client';
import { useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { previewKeep } from '../api/preview-keep';
import { useKeepFromLink } from './api/keep-from-link';

const errorText = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : MESSAGES.genericError;

/**
 * The reminder email's "Keep this plan" link lands here (/subscription?keep=…), signed in: what keeping
 * undoes, then Keep this plan spends the link. The token leaves the address once it is read.
 */
export function KeepLinkDialog() {
  const [params, setParams] = useSearchParams();
  const token = params.get(KEEP_LINK_PARAM);
  const [open, setOpen] = useState<{ token: string; messages: string[] } | null>(null);
  const keep = useKeepFromLink();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    setParams(
      (current) => {
        current.delete(KEEP_LINK_PARAM);
        return current;
      },
      { replace: true },
    );
    previewKeep().then(
      (preview) => setOpen({ token, messages: preview.messages }),
      (error: unknown) => toast.error(errorText(error)),
    );
  }, [token, setParams]);

  return (
    <ConfirmModal
      open={open !== null}
      title={CANCELLATION_TEXT.keepDialogTitle}
      body={
        open ? (
          <ul aria-label="What will happen" className="list-disc space-y-2 pl-5 text-slate-700">
            {open.messages.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        ) : undefined
      }
      confirmLabel={CANCELLATION_TEXT.keepButton}
      cancelLabel="Not now"
      busy={keep.isPending}
      onConfirm={() => {
        if (!open) return;
        keep.mutate(open.token, {
          onSuccess: () => toast.success(CANCELLATION_TEXT.kept),
          onError: (error) => toast.error(errorText(error)),
          onSettled: () => setOpen(null),
        });
      }}
      onCancel={() => setOpen(null)}
    />
  );
}
