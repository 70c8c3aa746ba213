// Filled by the operator console's notices work (issue 25).
export {};
