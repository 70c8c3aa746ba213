// The Drizzle schema by area; drizzle.config.ts reads this folder, the app imports it from here.
export * from './account-changes';
export * from './account-notes';
export * from './accounts';
export * from './activity';
export * from './auth';
export * from './billing';
export * from './calls';
export * from './catalogue';
export * from './lookups';
export * from './plan-pauses';
export * from './referrals';
export * from './refund-attempts';
export * from './rate-limits';
export * from './spend-control';
export * from './staff';
export * from './two-factor';
