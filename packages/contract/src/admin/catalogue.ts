// Filled by the operator console's catalogue work (issue 25).
export {};
