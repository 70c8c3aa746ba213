// Filled in by the devices area (issue 7).
export {};
