/** Staff members and the audit trail (filled by the operator console's staff work, issue 25). */
export function StaffPage() {
  return <h1 className="text-2xl font-semibold text-slate-900">Staff and audit</h1>;
}
