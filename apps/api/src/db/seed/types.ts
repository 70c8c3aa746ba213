import type { Db } from '../client';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the demo account's seeders build on. */
export interface DemoContext {
  accountId: string;
  adminId: string;
  userIds: string[];
  now: Date;
}

/** One area's part of the demo account, run inside the seeding transaction. */
export type DemoSeeder = (tx: Tx, demo: DemoContext) => Promise<void>;
