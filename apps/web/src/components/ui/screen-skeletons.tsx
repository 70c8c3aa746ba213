import { barWidth, cardClass, FieldSkeleton, Skeleton, StatTilesSkeleton, TableSkeleton } from './skeleton';
import { UserCardsSkeleton } from './user-cards-skeleton';

// Each screen's body (below its title) as placeholders of the same shape: shown by the layout while
// the screen's code loads, and by the screen while its data loads, so the two look alike. The screens'
// table (lib/portal-routes.ts) names each screen's.

function CardTitle({ className = 'w-40' }: { className?: string }) {
  return <Skeleton className={`h-5 ${className}`} />;
}

function FormCard({ fields, title = true }: { fields: number; title?: boolean }) {
  return (
    <div className={`space-y-5 p-6 ${cardClass}`}>
      {title ? <CardTitle /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {Array.from({ length: fields }, (_, i) => (
          <FieldSkeleton key={i} className={i === 0 ? 'sm:col-span-2' : ''} />
        ))}
      </div>
    </div>
  );
}

export function OverviewSkeleton() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-start-3 lg:row-start-1">
        <div className="space-y-4 rounded-xl bg-navy-900 p-6 shadow-sm">
          <Skeleton className="h-4 w-20 bg-white/15" />
          <Skeleton className="h-8 w-36 bg-white/20" />
          <Skeleton className="h-3.5 w-full bg-white/15" />
          <Skeleton className="h-3.5 w-2/3 bg-white/15" />
        </div>
      </div>
      <div className={`space-y-6 p-6 lg:col-span-2 lg:col-start-1 lg:row-start-1 ${cardClass}`}>
        <div className="space-y-2">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className="h-7 w-48" />
        </div>
        <Skeleton className="h-2.5 w-full rounded-full" />
        <StatTilesSkeleton count={3} />
      </div>
      <div className="space-y-4 lg:col-span-2 lg:col-start-1">
        <Skeleton className="h-6 w-28" />
        {Array.from({ length: 2 }, (_, i) => (
          <div key={i} className={`flex gap-4 p-5 ${cardClass}`}>
            <Skeleton className="size-10 shrink-0 rounded-lg" />
            <div className="flex-1 space-y-2.5">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3.5 w-full" />
              <Skeleton className={`h-3.5 ${barWidth(i + 1)}`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

export function UsersSkeleton() {
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-9 w-56 rounded-lg" />
        <Skeleton className="size-9 rounded-full" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Skeleton className="h-10 w-full rounded-lg sm:w-24" />
        <Skeleton className="h-10 w-full rounded-lg sm:max-w-96" />
        <Skeleton className="h-10 w-40 rounded-lg sm:ml-auto" />
      </div>
      <TableSkeleton columns={6} rows={10} phone={<UserCardsSkeleton />} />
    </div>
  );
}

/** Call History's range and filter fields, as the page lays them out. */
function CallFiltersSkeleton() {
  return (
    <div className={`grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4 ${cardClass}`}>
      <FieldSkeleton />
      <FieldSkeleton />
      <FieldSkeleton />
      <div className="grid grid-cols-2 gap-2">
        <FieldSkeleton />
        <FieldSkeleton />
      </div>
    </div>
  );
}

/** Call History's totals row: four labelled figures. */
export function CallTotalsSkeleton() {
  return (
    <div aria-hidden="true" className={`grid grid-cols-2 gap-4 p-4 sm:grid-cols-4 ${cardClass}`}>
      {/* As tall as the figures: a 16 px label, 4 px apart, over a 28 px number. */}
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="flex flex-col items-end gap-1 sm:items-start">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-7 w-24" />
        </div>
      ))}
    </div>
  );
}

export function CallHistorySkeleton() {
  return (
    <div className="space-y-4">
      <CallFiltersSkeleton />
      <div className="flex min-h-9 items-center justify-between">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-9 w-36 rounded-lg" />
      </div>
      <CallTotalsSkeleton />
      <TableSkeleton columns={7} rows={10} rightAligned={3} />
    </div>
  );
}

export function LinesSkeleton() {
  return (
    <div className="space-y-6">
      <div className={`flex items-center gap-4 p-5 ${cardClass}`}>
        <Skeleton className="size-11 rounded-full" />
        <div className="space-y-2">
          <Skeleton className="h-3.5 w-16" />
          <Skeleton className="h-6 w-24" />
        </div>
      </div>
      <Skeleton className="h-5 w-16" />
      <div className="grid gap-4 md:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className={`space-y-4 p-5 ${cardClass}`}>
            <CardTitle className={barWidth(i)} />
            <div className="grid grid-cols-2 gap-4">
              <Skeleton className="h-6 w-40" />
              <Skeleton className="h-5 w-28" />
            </div>
            <Skeleton className="h-3.5 w-52" />
            <Skeleton className="h-3.5 w-36" />
          </div>
        ))}
      </div>
    </div>
  );
}

function Cards({ count, height }: { count: number; height: string }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`space-y-4 p-6 ${cardClass} ${height}`}>
          <CardTitle />
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className={`h-3.5 ${barWidth(i)}`} />
          <Skeleton className="h-10 w-40 rounded-lg" />
        </div>
      ))}
    </div>
  );
}

export function BillingSkeleton() {
  return (
    <div className="space-y-6">
      <div className={`flex items-center justify-between gap-4 p-6 ${cardClass}`}>
        <div className="space-y-3">
          <CardTitle className="w-32" />
          <Skeleton className="h-4 w-64 max-w-full" />
        </div>
        <Skeleton className="h-9 w-40 rounded-lg" />
      </div>
      <div className={`space-y-3 p-6 ${cardClass}`}>
        <CardTitle className="w-28" />
        <Skeleton className="h-4 w-20" />
      </div>
      <FormCard fields={5} />
    </div>
  );
}

export function CallRatesSkeleton() {
  return (
    <div className="space-y-6">
      <div className={`p-6 ${cardClass}`}>
        <Skeleton className="h-72 w-full rounded-lg sm:h-96" />
      </div>
      <TableSkeleton columns={5} rows={6} rightAligned={4} />
    </div>
  );
}

export function SubscriptionSkeleton() {
  return (
    <div className="space-y-6">
      <div className={`space-y-6 p-6 ${cardClass}`}>
        <div className="space-y-2">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-56" />
        </div>
        <StatTilesSkeleton count={4} />
        <Skeleton className="h-2.5 w-full rounded-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className={`h-48 space-y-3 p-5 ${cardClass}`}>
            <CardTitle className="w-24" />
            <Skeleton className="h-7 w-28" />
            <Skeleton className="h-3.5 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function ReferralSkeleton() {
  return (
    <div className="space-y-6">
      <div className={`space-y-4 p-6 ${cardClass}`}>
        <CardTitle className="w-48" />
        <Skeleton className="h-4 w-full max-w-xl" />
        <FieldSkeleton className="max-w-xl" />
        <FieldSkeleton className="max-w-xl" />
      </div>
      <TableSkeleton columns={4} rows={4} />
    </div>
  );
}

export function PdfSkeleton() {
  return <Cards count={3} height="min-h-44" />;
}

export function ProfileSkeleton() {
  return (
    <div className="space-y-6">
      <FormCard fields={4} />
      <FormCard fields={1} />
    </div>
  );
}

export function InvoicesSkeleton() {
  return <TableSkeleton columns={8} rows={8} rightAligned={0} />;
}

/** The form's frame, as tall as the frame it stands for. */
export function FeatureRequestSkeleton() {
  return <Skeleton className="h-[calc(100vh-12rem)] min-h-[48rem] w-full rounded-xl" />;
}
