// Filled in by the overview area (issue 7).
export {};
