import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Loader } from '../../components/ui/loader';
import { noticesQuery } from './api/get-notices';
import { NoticeForm } from './components/notice-form';
import { NoticeList } from './components/notice-list';

/** Overview notices (NOTICE-01..05): publish, schedule and withdraw; the admin role's section. */
export function NoticesPage() {
  const notices = useQuery(noticesQuery);
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Notices</h1>
          <p className="mt-1 text-sm text-slate-600">
            Notices show on the customers&rsquo; overview, highest priority first.
          </p>
        </div>
        {creating ? null : (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New notice
          </Button>
        )}
      </div>
      {notices.isPending ? <Loader /> : null}
      {notices.isError ? <LoadError onRetry={() => void notices.refetch()} /> : null}
      {notices.data ? (
        <>
          {creating ? <NoticeForm plans={notices.data.plans} onDone={() => setCreating(false)} /> : null}
          <NoticeList notices={notices.data.notices} />
        </>
      ) : null}
    </div>
  );
}
