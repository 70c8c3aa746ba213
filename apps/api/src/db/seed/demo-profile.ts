import type { DemoSeeder } from './types';

// Filled in by its area (issue 7).
export const seedDemoProfile: DemoSeeder = async () => {};
