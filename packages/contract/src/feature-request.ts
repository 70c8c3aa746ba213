// Filled in by the feature-request area (issue 7).
export {};
