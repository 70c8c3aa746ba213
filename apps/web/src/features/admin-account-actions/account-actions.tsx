/** Money actions on one account (filled by the operator console's account-actions work, issue 25). */
export function AccountActions({ accountId }: { accountId: string }) {
  return <section aria-label="Actions" data-account-id={accountId} />;
}
