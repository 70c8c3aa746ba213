import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '@enq/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { Select } from '../../../components/ui/select';
import { useChangeStaffRole } from '../api/change-staff-role';
import { useRemoveStaff } from '../api/remove-staff';
import { TwoFactorStatus } from './two-factor-status';

type Pending =
  { kind: 'role'; member: StaffMember; role: StaffRole } | { kind: 'remove'; member: StaffMember };

/** The staff members; a role change or a removal asks for a reason first (STAFF-02, STAFF-03). */
export function StaffTable({ staff, myId }: { staff: StaffMember[]; myId: string }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const changeRole = useChangeStaffRole();
  const remove = useRemoveStaff();
  const done = (answer: { message: string }) => toast.success(answer.message);

  return (
    <>
      <div className="overflow-x-auto rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Staff members</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th className="px-4 py-3">Name</th>
              <th className="hidden px-4 py-3 sm:table-cell">Email</th>
              <th className="hidden px-4 py-3 sm:table-cell">Two-factor</th>
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
                  <div className="mt-1 text-xs font-normal sm:hidden">
                    <TwoFactorStatus member={m} compact />
                  </div>
                </td>
                <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">{m.email}</td>
                <td className="hidden px-4 py-3 sm:table-cell">
                  <TwoFactorStatus member={m} />
                </td>
                <td className="px-4 py-3">
                  <Select
                    size="sm"
                    aria-label={`Role of ${m.full_name}`}
                    value={m.role}
                    disabled={m.person_id === myId}
                    onChange={(e) =>
                      setPending({ kind: 'role', member: m, role: e.target.value as StaffRole })
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
                      onClick={() => setPending({ kind: 'remove', member: m })}
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
          title={`Make ${pending.member.full_name} ${STAFF_ROLE_LABELS[pending.role]}?`}
          description="The new role is in force on their next request."
          submitLabel="Change role"
          onClose={() => setPending(null)}
          onSubmit={async (reason, key) =>
            done(
              await changeRole.mutateAsync({
                personId: pending.member.person_id,
                role: pending.role,
                reason,
                key,
              }),
            )
          }
        />
      ) : null}
      {pending?.kind === 'remove' ? (
        <ReasonDialog
          title={`Remove ${pending.member.full_name}?`}
          description="Their console access ends at once; the audit trail keeps what they did."
          submitLabel="Remove"
          tone="danger"
          onClose={() => setPending(null)}
          onSubmit={async (reason, key) =>
            done(await remove.mutateAsync({ personId: pending.member.person_id, reason, key }))
          }
        />
      ) : null}
    </>
  );
}
