// Filled in by the lines area (issue 7).
export {};
