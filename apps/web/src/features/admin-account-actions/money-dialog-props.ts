/** What the Actions panel gives each money dialog. */
export interface MoneyDialogProps {
  accountId: string;
  onClose: () => void;
  /** Refreshes the account's queries and says what was done; the dialog closes after. */
  onDone: (message: string) => Promise<void>;
}
