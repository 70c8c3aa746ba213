// Filled by the operator console's accounts work (issue 25).
export {};
