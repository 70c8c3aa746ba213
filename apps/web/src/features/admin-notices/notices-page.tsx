/** Overview notices (filled by the operator console's notices work, issue 25). */
export function NoticesPage() {
  return <h1 className="text-2xl font-semibold text-slate-900">Notices</h1>;
}
