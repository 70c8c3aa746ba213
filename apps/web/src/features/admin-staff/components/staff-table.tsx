import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '@enq/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { newActionKey } from '../../../lib/admin-api';
import { useChangeStaffRole } from '../api/change-staff-role';
import { useRemoveStaff } from '../api/remove-staff';

type Pending =
  | { kind: 'role'; member: StaffMember; role: StaffRole; key: string }
  | { kind: 'remove'; member: StaffMember; key: string };

/** The staff members; a role change or a removal asks for a reason first (STAFF-02, STAFF-03). */
export function StaffTable({ staff, myId }: { staff: StaffMember[]; myId: string }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const changeRole = useChangeStaffRole();
  const remove = useRemoveStaff();
  const busy = changeRole.isPending || remove.isPending;
  const done = {
    onSuccess: (answer: { message: string }) => {
      toast.success(answer.message);
      setPending(null);
    },
    onError: (e: Error) => setError(e instanceof ApiError ? e.message : 'The change could not be made.'),
  };
  const open = (p: Pending) => {
    setError(null);
    setPending(p);
  };

  return (
    <>
      <div className="overflow-x-auto rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Staff members</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th className="px-4 py-3">Name</th>
              <th className="hidden px-4 py-3 sm:table-cell">Email</th>
              <th className="px-4 py-3">Role</th>
              <th className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {staff.map((m) => (
              <tr key={m.person_id}>
                <td className="px-4 py-3 font-medium text-slate-900">
                  {m.full_name}
                  {m.person_id === myId ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}
                  {/* On a phone the email sits under the name, broken only before its @ when it must. */}
                  <div className="text-xs font-normal text-slate-500 sm:hidden">
                    {m.email.slice(0, m.email.lastIndexOf('@'))}
                    <wbr />
                    {m.email.slice(m.email.lastIndexOf('@'))}
                  </div>
                </td>
                <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">{m.email}</td>
                <td className="px-4 py-3">
                  <Select
                    size="sm"
                    aria-label={`Role of ${m.full_name}`}
                    value={m.role}
                    disabled={m.person_id === myId}
                    onChange={(e) =>
                      open({
                        kind: 'role',
                        member: m,
                        role: e.target.value as StaffRole,
                        key: newActionKey(),
                      })
                    }
                    className="w-28 sm:w-32"
                  >
                    {STAFF_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {STAFF_ROLE_LABELS[r]}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className="px-4 py-3 text-right">
                  {m.person_id === myId ? null : (
                    <Button
                      variant="ghost"
                      className="text-red-700"
                      aria-label={`Remove ${m.full_name}`}
                      onClick={() => open({ kind: 'remove', member: m, key: newActionKey() })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {/* A phone shows the icon alone; the button's name says what it does. */}
                      <span className="sr-only sm:not-sr-only">Remove</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pending?.kind === 'role' ? (
        <ReasonDialog
          open
          title={`Make ${pending.member.full_name} ${STAFF_ROLE_LABELS[pending.role]}?`}
          body="The new role is in force on their next request."
          confirmLabel="Change role"
          busy={busy}
          error={error}
          onCancel={() => setPending(null)}
          onConfirm={(reason) =>
            changeRole.mutate(
              { personId: pending.member.person_id, role: pending.role, reason, key: pending.key },
              done,
            )
          }
        />
      ) : null}
      {pending?.kind === 'remove' ? (
        <ReasonDialog
          open
          title={`Remove ${pending.member.full_name}?`}
          body="Their console access ends at once; the audit trail keeps what they did."
          confirmLabel="Remove"
          tone="danger"
          busy={busy}
          error={error}
          onCancel={() => setPending(null)}
          onConfirm={(reason) =>
            remove.mutate({ personId: pending.member.person_id, reason, key: pending.key }, done)
          }
        />
      ) : null}
    </>
  );
}
