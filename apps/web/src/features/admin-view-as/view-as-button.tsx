/** Opens the portal as the customer sees it, read-only (filled by the view-as work, issue 25). */
export function ViewAsButton({ accountId }: { accountId: string }) {
  return <span data-account-id={accountId} />;
}
