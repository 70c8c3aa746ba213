// Filled in by the profile area (issue 7).
export {};
