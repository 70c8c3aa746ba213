/** The console's home: find an account (filled by the operator console's accounts work, issue 25). */
export function AccountsPage() {
  return <h1 className="text-2xl font-semibold text-slate-900">Accounts</h1>;
}
