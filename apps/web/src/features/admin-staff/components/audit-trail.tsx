import { STAFF_ACTIONS, staffActionLabel, staffRoleLabel, type StaffMember } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { Select } from '../../../components/ui/select';
import { newYorkDateTime } from '../../../lib/console-time';
import { auditQuery, type AuditFilter } from '../api/get-audit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The staff audit trail (STAFF-05): newest first, filtered by staff member, action or account, paged. */
export function AuditTrail({ staff }: { staff: StaffMember[] }) {
  const [filter, setFilter] = useState<AuditFilter>({
    staff_person_id: '',
    action: '',
    account_id: '',
    before_id: null,
  });
  const [pages, setPages] = useState<number[]>([]);
  const [account, setAccount] = useState('');
  const trail = useQuery(auditQuery(filter));
  const refilter = (patch: Partial<AuditFilter>) => {
    setPages([]);
    setFilter((f) => ({ ...f, ...patch, before_id: null }));
  };
  const accountInvalid = account !== '' && !UUID.test(account.trim());

  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">
        Audit trail
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="audit-staff" label="Staff member">
          {(c) => (
            <Select
              {...c}
              value={filter.staff_person_id}
              onChange={(e) => refilter({ staff_person_id: e.target.value })}
            >
              <option value="">Everyone</option>
              {staff.map((m) => (
                <option key={m.person_id} value={m.person_id}>
                  {m.full_name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="audit-action" label="Action">
          {(c) => (
            <Select {...c} value={filter.action} onChange={(e) => refilter({ action: e.target.value })}>
              <option value="">All actions</option>
              {Object.entries(STAFF_ACTIONS).map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id="audit-account"
          label="Account id"
          error={accountInvalid ? 'Enter a whole account id.' : null}
        >
          {(c) => (
            <Input
              {...c}
              value={account}
              onChange={(e) => {
                setAccount(e.target.value);
                const v = e.target.value.trim();
                if (v === '' || UUID.test(v)) refilter({ account_id: v });
              }}
            />
          )}
        </Field>
      </div>
      {trail.isError ? <LoadError onRetry={() => void trail.refetch()} /> : null}
      <div className="overflow-x-auto rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        <table className="min-w-full text-left text-sm" aria-busy={trail.isFetching}>
          <caption className="sr-only">Staff audit trail, newest first</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th className="px-4 py-3">When</th>
              <th className="px-4 py-3">Who</th>
              <th className="px-4 py-3">Role</th>
              <th className="px-4 py-3">Action</th>
              <th className="px-4 py-3">Account</th>
              <th className="px-4 py-3">Reason</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {trail.data?.entries.map((e) => (
              <tr key={e.id}>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">{newYorkDateTime(e.at)}</td>
                <td className="px-4 py-3 text-slate-900">{e.staff_name ?? e.staff_email}</td>
                <td className="px-4 py-3 text-slate-600">{staffRoleLabel(e.staff_role)}</td>
                <td className="px-4 py-3 text-slate-900">{staffActionLabel(e.action)}</td>
                <td className="px-4 py-3 text-slate-600">{e.account_name ?? e.account_id ?? '—'}</td>
                <td className="px-4 py-3 text-slate-600">{e.reason}</td>
              </tr>
            ))}
            {trail.data?.entries.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-6 text-center text-slate-500">
                  No actions match.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div className="flex justify-end gap-3">
        <Button
          variant="secondary"
          disabled={pages.length === 0}
          onClick={() => {
            const rest = pages.slice(0, -1);
            setPages(rest);
            setFilter((f) => ({ ...f, before_id: rest.at(-1) ?? null }));
          }}
        >
          Newer
        </Button>
        <Button
          variant="secondary"
          disabled={!trail.data?.next_before_id}
          onClick={() => {
            const next = trail.data!.next_before_id!;
            setPages((p) => [...p, next]);
            setFilter((f) => ({ ...f, before_id: next }));
          }}
        >
          Older
        </Button>
      </div>
    </section>
  );
}
