import { FEATURE_REQUEST_TEXT } from '@enq/contract';
import { useState } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { Loader } from '../../components/ui/loader';
import { PageTitle } from '../../components/ui/page-title';
import { useFeatureRequestForm } from './api/get-feature-request-form';

export function FeatureRequestPage() {
  const form = useFeatureRequestForm();
  return (
    <div className="space-y-6">
      <PageTitle path="/feature-request" />
      {form.isPending ? (
        <PageSkeleton path="/feature-request" label="Loading the feature request form" />
      ) : form.isError ? (
        <LoadError onRetry={() => void form.refetch()} />
      ) : (
        <EmbeddedForm url={form.data.form_url} />
      )}
    </div>
  );
}

/** FEAT-01: the form (ours or the configured external one) framed in the page, prefilled by its URL. */
function EmbeddedForm({ url }: { url: string }) {
  const [loaded, setLoaded] = useState<string | null>(null);
  return (
    <div className="relative overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
      {loaded === url ? null : (
        <div className="absolute inset-0 bg-white">
          <Loader label="Loading the feature request form" />
        </div>
      )}
      <iframe
        key={url}
        src={url}
        title={FEATURE_REQUEST_TEXT.frameTitle}
        onLoad={() => setLoaded(url)}
        // An external form may post and run its own scripts, but never navigate the portal away. No
        // allow-same-origin: with allow-scripts it would let a form on our own origin lift its sandbox.
        // Its posts say `Origin: null`, and the local form proves itself with a token instead.
        sandbox="allow-forms allow-scripts allow-popups allow-popups-to-escape-sandbox"
        className="block h-[calc(100vh-12rem)] min-h-[48rem] w-full border-0"
      />
    </div>
  );
}
