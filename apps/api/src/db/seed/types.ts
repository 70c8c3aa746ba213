import type { Transactional } from '../handle';

/** What the demo account's seeders build on. */
export interface DemoContext {
  accountId: string;
  adminId: string;
  userIds: string[];
  now: Date;
}

/** One area's part of the demo account, run inside the seeding transaction. */
export type DemoSeeder = (tx: Transactional, demo: DemoContext) => Promise<void>;
