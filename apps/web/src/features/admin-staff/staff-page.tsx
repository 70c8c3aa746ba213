import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/ui/load-error';
import { Loader } from '../../components/ui/loader';
import { adminMeQuery } from '../../lib/admin-api';
import { staffQuery } from './api/get-staff';
import { AddStaffForm } from './components/add-staff-form';
import { AuditTrail } from './components/audit-trail';
import { StaffTable } from './components/staff-table';

/** Staff and the audit trail (STAFF-01..06): the admin role's section. */
export function StaffPage() {
  const me = useQuery(adminMeQuery);
  const staff = useQuery(staffQuery);
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Staff and audit</h1>
        <p className="mt-1 text-sm text-slate-600">
          Who can use the console, with which role, and every action taken in it.
        </p>
      </div>
      {staff.isPending ? <Loader /> : null}
      {staff.isError ? <LoadError onRetry={() => void staff.refetch()} /> : null}
      {staff.data && me.data ? (
        <>
          <StaffTable staff={staff.data.staff} myId={me.data.person_id} />
          <AddStaffForm />
          <AuditTrail staff={staff.data.staff} />
        </>
      ) : null}
    </div>
  );
}
