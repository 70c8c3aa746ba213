import { USERS_TEXT, type HoldMusic } from '@enq/contract';
import { Mail, RefreshCw, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';

export interface BulkBarProps {
  list: HoldMusic[];
  count: number;
  total: number;
  someSelected: boolean;
  allSelected: boolean;
  locked: boolean;
  onHoldMusic: (value: string) => void;
  onRemove: () => void;
  onChangePin: () => void;
  onSendEmail: () => void;
  onSelectAll: () => void;
  onClear: () => void;
}

const linkClass =
  'focus-ring rounded text-sm font-semibold text-brand-700 underline underline-offset-2 hover:no-underline';

/** Bulk operations on the selected users (USR-17..USR-22). */
export function BulkBar(props: BulkBarProps) {
  const none = props.count === 0 || props.locked;
  return (
    <section
      aria-label="Bulk operations"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:flex-row lg:flex-wrap lg:items-center"
    >
      <p className="text-sm font-medium text-slate-700">{USERS_TEXT.bulkNote}</p>
      <Select
        aria-label="Hold music for the selected users"
        value=""
        disabled={none}
        onChange={(event) => event.target.value && props.onHoldMusic(event.target.value)}
        className="lg:w-56"
      >
        <option value="">Set hold music…</option>
        {props.list.map((t) => (
          <option key={t.value} value={t.value}>
            {t.name}
          </option>
        ))}
      </Select>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={props.onRemove} disabled={none}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
        <Button variant="secondary" onClick={props.onChangePin} disabled={none}>
          {/* The rows' renew arrow: a new PIN, not a look at the current one. */}
          <RefreshCw aria-hidden="true" className="size-4" />
          Change PIN
        </Button>
        <Button variant="secondary" onClick={props.onSendEmail} disabled={none}>
          <Mail aria-hidden="true" className="size-4" />
          Send PIN email
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3 lg:ml-auto">
        <span role="status" className="text-sm text-slate-700">
          {USERS_TEXT.selectedUsers(props.count)}
        </span>
        {props.someSelected ? (
          <button type="button" className={linkClass} onClick={props.onSelectAll} disabled={props.locked}>
            {USERS_TEXT.selectAll(props.total)}
          </button>
        ) : null}
        {props.allSelected ? (
          <button type="button" className={linkClass} onClick={props.onClear}>
            {USERS_TEXT.clearSelection}
          </button>
        ) : null}
      </div>
    </section>
  );
}
