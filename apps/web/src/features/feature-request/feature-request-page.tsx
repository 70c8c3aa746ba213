import { FEATURE_REQUEST_DETAILS_PARAM, FEATURE_REQUEST_TEXT } from '@enq/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { Loader } from '../../components/ui/loader';
import { PageTitle } from '../../components/ui/page-title';
import { useSearchParams } from '../../lib/router';
import { useFeatureRequestForm } from './api/get-feature-request-form';

/** The server's form address, with the page's own ?details= passed on (the cancel flow's words). */
function withDetails(formUrl: string, details: string | null): string {
  if (!details?.trim()) return formUrl;
  const url = new URL(formUrl);
  url.searchParams.set(FEATURE_REQUEST_DETAILS_PARAM, details.trim());
  return url.toString();
}

export function FeatureRequestPage() {
  const form = useFeatureRequestForm();
  const [params] = useSearchParams();
  return (
    <div className="space-y-6">
      <PageTitle path="/feature-request" />
      {form.isPending ? (
        <PageSkeleton path="/feature-request" label="Loading the feature request form" />
      ) : form.isError ? (
        <LoadError onRetry={() => void form.refetch()} />
      ) : (
        <EmbeddedForm url={withDetails(form.data.form_url, params.get(FEATURE_REQUEST_DETAILS_PARAM))} />
      )}
    </div>
  );
}

/** What the framed page may say of its height: more than this is not a form. */
const MAX_FRAME_HEIGHT = 4000;

/**
 * The framed page's height as it tells it (our own form does, see routes/site/assets/frame-height.js),
 * so the frame fits it and Send never hides behind a scroll inside the frame; null until it tells.
 */
function useFramedHeight(frame: RefObject<HTMLIFrameElement | null>) {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      // Only the frame's own page: its origin is opaque (sandboxed), so it is known by its window.
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type !== 'enq:frame-height' || typeof data.height !== 'number') return;
      if (data.height > 0) setHeight(Math.min(Math.ceil(data.height), MAX_FRAME_HEIGHT));
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [frame]);
  return height;
}

/** FEAT-01: the form (ours or the configured external one) framed in the page, prefilled by its URL. */
function EmbeddedForm({ url }: { url: string }) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const height = useFramedHeight(frame);
  return (
    <div className="relative overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
      {loaded === url ? null : (
        <div className="absolute inset-0 bg-white">
          <Loader label="Loading the feature request form" />
        </div>
      )}
      <iframe
        ref={frame}
        key={url}
        src={url}
        title={FEATURE_REQUEST_TEXT.frameTitle}
        onLoad={() => setLoaded(url)}
        // An external form may post and run its own scripts, but never navigate the portal away. No
        // allow-same-origin: with allow-scripts it would let a form on our own origin lift its sandbox.
        // Its posts say `Origin: null`, and the local form proves itself with a token instead.
        sandbox="allow-forms allow-scripts allow-popups allow-popups-to-escape-sandbox"
        // An external form that says nothing of its height gets most of the window.
        className={`block w-full border-0 ${height === null ? 'h-[calc(100vh-12rem)] min-h-[48rem]' : ''}`}
        style={height === null ? undefined : { height }}
      />
    </div>
  );
}
