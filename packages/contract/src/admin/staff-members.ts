// Filled by the operator console's staff-members work (issue 25).
export {};
