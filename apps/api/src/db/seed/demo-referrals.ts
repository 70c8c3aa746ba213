import type { DemoSeeder } from './types';

// Filled in by its area (issue 7).
export const seedDemoReferrals: DemoSeeder = async () => {};
