import { ACTIVITY_TEXT, type ActivityKind, type ActivityPage } from '@enq/contract';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import type { ActivityFilters } from '../api/activity';

/** Person, Kind and Download CSV above the Activity list (ACT-03, ACT-06). */
export function ActivityFilterBar({
  filters,
  people,
  kinds,
  downloading,
  onChange,
  onDownload,
}: {
  filters: ActivityFilters;
  people: ActivityPage['people'];
  kinds: ActivityPage['kinds'];
  downloading: boolean;
  onChange: (filters: ActivityFilters) => void;
  onDownload: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="sm:w-64">
        <label htmlFor="activity-person" className="mb-1 block text-sm font-medium text-slate-700">
          {ACTIVITY_TEXT.person}
        </label>
        <Select
          id="activity-person"
          value={filters.person}
          onChange={(event) => onChange({ ...filters, person: event.target.value })}
        >
          <option value="">{ACTIVITY_TEXT.everyone}</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="sm:w-64">
        <label htmlFor="activity-kind" className="mb-1 block text-sm font-medium text-slate-700">
          {ACTIVITY_TEXT.kind}
        </label>
        <Select
          id="activity-kind"
          value={filters.kind}
          onChange={(event) => onChange({ ...filters, kind: event.target.value as ActivityKind | '' })}
        >
          <option value="">{ACTIVITY_TEXT.allKinds}</option>
          {kinds.map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </Select>
      </div>
      <Button variant="secondary" className="sm:ml-auto" disabled={downloading} onClick={onDownload}>
        <Download aria-hidden="true" className="size-4" />
        {ACTIVITY_TEXT.download}
      </Button>
    </div>
  );
}
