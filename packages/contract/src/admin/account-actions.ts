// Filled by the operator console's account-actions work (issue 25).
export {};
