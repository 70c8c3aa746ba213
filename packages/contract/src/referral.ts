// Filled in by the referral area (issue 7).
export {};
